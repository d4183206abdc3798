import { useEffect, useState } from 'react';
import { forgetPdfPages, openPdfPages, pageTextOf, PdfToolError, type PageText } from './pdf-worker';

/** A page's text and size; `rotate` is the page's /Rotate when the worker reports it (0 when it does not). */
export type RedactPage = PageText & { rotate?: number };

export interface PageTexts {
  count?: number;
  /** Pages read so far, by page number (1-based). */
  pages: ReadonlyMap<number, RedactPage>;
  done: boolean;
  error?: string;
}

/** Reads every page's text runs in the tools' worker, one page at a time so the list fills as it goes. */
export function usePageTexts(file: File | null): PageTexts {
  const [state, setState] = useState<PageTexts>({ pages: new Map(), done: false });
  useEffect(() => {
    setState({ pages: new Map(), done: false });
    if (!file) return;
    const id = `redact-${crypto.randomUUID()}`;
    // No abort signal: aborting a call kills the shared worker, and the thumbnails with it.
    let live = true;
    void (async () => {
      try {
        const count = await openPdfPages(id, file);
        if (!live) return;
        setState((s) => ({ ...s, count }));
        for (let page = 1; page <= count && live; page += 1) {
          const text = await pageTextOf(id, file, page);
          if (!live) return;
          setState((s) => ({ ...s, pages: new Map(s.pages).set(page, text) }));
        }
        setState((s) => ({ ...s, done: true }));
      } catch (error) {
        if (!live) return;
        setState((s) => ({ ...s, done: true, error: error instanceof PdfToolError ? error.failure.reason : 'unreadable' }));
      }
    })();
    return () => {
      live = false;
      forgetPdfPages(id);
    };
  }, [file]);
  return state;
}
