import { useCallback, useEffect, useRef, useState } from 'react';
import { compareDocuments, type Comparison } from '@engines/pdf/compare-diff';
import type { PageTextInput } from '@engines/pdf/compare-tokens';
import { isAbort } from './run-tool';
import { forgetPdfPages, openPdfPages, pageTextOf, PdfToolError } from './pdf-worker';

/** One version as read: its worker id (for page images later) and each page's size in points. */
export interface ReadVersion {
  id: string;
  file: File;
  sizes: { width: number; height: number }[];
}

export type Reading =
  | { status: 'waiting' }
  | { status: 'reading'; done: number; total?: number }
  | { status: 'ready'; comparison: Comparison; older: ReadVersion; newer: ReadVersion }
  | { status: 'failed'; side: 'older' | 'newer'; reason: string }
  | { status: 'cancelled' };

let runs = 0;

/**
 * Reads both versions' text page by page in the worker (nothing leaves the device) and diffs
 * them, again whenever a file changes; cancel stops the worker at once.
 */
export function useComparison(older: File | null, newer: File | null) {
  const [reading, setReading] = useState<Reading>({ status: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!older || !newer) {
      setReading({ status: 'waiting' });
      return;
    }
    const own = new AbortController();
    controller.current = own;
    const ids = { older: `compare-${(runs += 1)}-older`, newer: `compare-${runs}-newer` };
    let side: 'older' | 'newer' = 'older';
    setReading({ status: 'reading', done: 0 });
    void (async () => {
      try {
        const count = { older: await openPdfPages(ids.older, older, own.signal), newer: 0 };
        side = 'newer';
        count.newer = await openPdfPages(ids.newer, newer, own.signal);
        const total = count.older + count.newer;
        let done = 0;
        const read = async (which: 'older' | 'newer', file: File): Promise<PageTextInput[]> => {
          side = which;
          const pages: PageTextInput[] = [];
          for (let page = 1; page <= count[which]; page++) {
            pages.push(await pageTextOf(ids[which], file, page, own.signal));
            setReading({ status: 'reading', done: (done += 1), total });
          }
          return pages;
        };
        const oldText = await read('older', older);
        const newText = await read('newer', newer);
        const sizes = (pages: PageTextInput[]) => pages.map(({ width, height }) => ({ width, height }));
        if (own.signal.aborted) return;
        setReading({
          status: 'ready',
          comparison: compareDocuments(oldText, newText),
          older: { id: ids.older, file: older, sizes: sizes(oldText) },
          newer: { id: ids.newer, file: newer, sizes: sizes(newText) },
        });
      } catch (error) {
        if (own.signal.aborted || isAbort(error)) return;
        setReading({ status: 'failed', side, reason: error instanceof PdfToolError ? error.failure.reason : 'unreadable' });
      }
    })();
    return () => {
      own.abort();
      forgetPdfPages(ids.older);
      forgetPdfPages(ids.newer);
    };
  }, [older, newer, attempt]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    setReading({ status: 'cancelled' });
  }, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { reading, cancel, retry };
}
