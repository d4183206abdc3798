import type { Paragraph, ReadLang } from '@contracts/ai-read';

export interface TranslationPaneProps {
  /** Identifies the open document (e.g. a hash of the PDF or the URL), so translations and charges are per document. */
  documentKey: string;
  /** The document's paragraphs in reading order, with ids stable for this document. */
  paragraphs: readonly Paragraph[];
  /** The paragraphs on screen now: translated first. */
  visibleIds: readonly string[];
  sourceLang: ReadLang;
}

/** Placeholder until the translation pane is built (issue 12): renders nothing. */
export function TranslationPane(_props: TranslationPaneProps) {
  return null;
}
