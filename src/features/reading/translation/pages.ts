import type { Paragraph } from '@contracts/ai-read';

/** A translation page: what one request carries and what is charged once (contracts/ai-read.ts translatePageSchema). */
export interface TranslationPage {
  number: number;
  paragraphs: Paragraph[];
}

/** About a printed page: the pane's unit of translation and of charging. */
export const PAGE_LIMITS = { paragraphs: 20, chars: 4000 } as const;

/**
 * Cuts the document's paragraphs, in reading order, into pages of at most 20 paragraphs and
 * 4,000 characters (a longer paragraph is a page of its own). The cut depends only on the
 * paragraphs, so a page has the same number every time the document is opened, and the server
 * charges it once.
 */
export function toPages(paragraphs: readonly Paragraph[], limits: { paragraphs: number; chars: number } = PAGE_LIMITS): TranslationPage[] {
  const pages: TranslationPage[] = [];
  let current: Paragraph[] = [];
  let chars = 0;
  for (const p of paragraphs) {
    if (current.length > 0 && (current.length >= limits.paragraphs || chars + p.text.length > limits.chars)) {
      pages.push({ number: pages.length, paragraphs: current });
      current = [];
      chars = 0;
    }
    current.push(p);
    chars += p.text.length;
  }
  if (current.length > 0) pages.push({ number: pages.length, paragraphs: current });
  return pages;
}

/**
 * The page to translate next: among pages with work left, the one holding the first visible
 * paragraph (in the order the reader lists them), else the first in document order. Asked again
 * after every page, so scrolling redirects the background work at once.
 */
export function nextPage(pages: readonly TranslationPage[], hasWork: (page: TranslationPage) => boolean, visibleIds: readonly string[]): TranslationPage | undefined {
  const pageOf = new Map<string, TranslationPage>();
  for (const page of pages) for (const p of page.paragraphs) pageOf.set(p.id, page);
  for (const id of visibleIds) {
    const page = pageOf.get(id);
    if (page && hasWork(page)) return page;
  }
  return pages.find(hasWork);
}
