import { expose } from 'comlink';
import { analyzePdf } from '@engines/document/pdf-analyze.js';
import { setPdfAssetUrls } from '@engines/document/pdf-load.js';
import { EngineError } from '@engines/document/types.js';
import { Glossary, type CompactDictionary, type Gloss, type UserGlossaryEntry } from '@engines/reading/dictionary.js';
import { readingParagraphs, type ReadingDocument } from '@engines/reading/document-paragraphs.js';
import { summarize, type SummarySentence } from '@engines/reading/summary.js';

// pdf.js side files are copied to /pdfjs/ by the build (vite.config.ts).
setPdfAssetUrls({ cMapUrl: '/pdfjs/cmaps/', standardFontDataUrl: '/pdfjs/standard_fonts/', wasmUrl: '/pdfjs/wasm/' });

let dictionary: CompactDictionary | undefined;
let userEntries: UserGlossaryEntry[] = [];
let glossary: Glossary | undefined;

function currentGlossary(): Glossary {
  if (!dictionary) throw new Error('dictionary not loaded');
  glossary ??= new Glossary(dictionary, userEntries);
  return glossary;
}

const api = {
  /**
   * Paragraphs of a PDF rebuilt by the converter's layout analysis (across lines, columns and
   * pages), with ids stable for the document, and the pages that need OCR.
   */
  async analyze(bytes: Uint8Array): Promise<{ ok: true; document: ReadingDocument } | { ok: false; reason: string }> {
    try {
      return { ok: true, document: readingParagraphs(await analyzePdf(bytes)) };
    } catch (err) {
      return { ok: false, reason: err instanceof EngineError ? err.reason : 'unreadable' };
    }
  },

  /**
   * Loads the glosses' dictionary once and keeps it here, so glosses keep working when the
   * network goes away after the reader has opened (the service worker also caches the file).
   */
  async loadDictionary(url: string): Promise<number> {
    if (!dictionary) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`dictionary: HTTP ${response.status}`);
      dictionary = (await response.json()) as CompactDictionary;
      glossary = undefined;
    }
    return Object.keys(dictionary.zh).length;
  },

  setUserGlossary(entries: UserGlossaryEntry[]): void {
    userEntries = entries;
    glossary = undefined;
  },

  /** Glosses of a selection's words; `limit` 1 for a clicked word. */
  gloss(text: string, limit?: number): Gloss[] {
    return currentGlossary().glossText(text, limit);
  },

  summarize(paragraphs: string[], count: number): SummarySentence[] {
    return summarize(paragraphs, count);
  },
};

expose(api);
export type ReadingWorkerApi = typeof api;
