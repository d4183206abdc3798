import { useEffect, useState } from 'react';
import { forgetPdfPages, openPdfPages, pageThumbnails, PdfToolError } from '../pdf-worker';

const THUMB_WIDTH = 160;
/** Pages drawn per call: the first ones show soon, and the worker stays free between batches. */
const BATCH = 6;

export interface PageThumbnails {
  count?: number;
  error?: string;
  /** Object URLs by source page (1-based), filled in as batches arrive. */
  urls: ReadonlyMap<number, string>;
}

/** Opens one PDF in the worker and draws every page's thumbnail, in batches; frees them when the file changes. */
export function usePageThumbnails(file: File | null): PageThumbnails {
  const [state, setState] = useState<PageThumbnails>({ urls: new Map() });
  useEffect(() => {
    setState({ urls: new Map() });
    if (!file) return;
    const id = `grid-${file.name}-${file.size}-${file.lastModified}`;
    const made: string[] = [];
    let live = true;
    void (async () => {
      try {
        const count = await openPdfPages(id, file);
        if (!live) return;
        setState((s) => ({ ...s, count }));
        for (let first = 1; first <= count && live; first += BATCH) {
          const pages = Array.from({ length: Math.min(BATCH, count - first + 1) }, (_, i) => first + i);
          const images = await pageThumbnails(id, file, pages, THUMB_WIDTH);
          if (!live) return;
          const urls = images.map((jpeg) => URL.createObjectURL(new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' })));
          made.push(...urls);
          setState((s) => {
            const next = new Map(s.urls);
            pages.forEach((page, i) => next.set(page, urls[i]!));
            return { ...s, urls: next };
          });
        }
      } catch (error) {
        if (live && error instanceof PdfToolError) setState((s) => ({ ...s, error: error.failure.reason }));
      }
    })();
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
      forgetPdfPages(id);
    };
  }, [file]);
  return state;
}
