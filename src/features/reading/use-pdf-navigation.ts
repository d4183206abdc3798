import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { ReadingSource } from './use-reading-document';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

type PdfSource = Extract<ReadingSource, { kind: 'pdf' }>;

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * Where the reader is in a PDF shown as pages: zoom (fit to the width of `centre` when a document
 * opens), the current page (the first one on screen), and the keyboard: + − 0 zoom, N/P pages,
 * Ctrl+F or / to `search` (Ctrl+F also in the paragraph view and on web pages).
 */
export function usePdfNavigation(options: {
  pdf: PdfSource | null;
  pagesShown: boolean;
  hasSource: boolean;
  centre: RefObject<HTMLDivElement | null>;
  search: RefObject<HTMLInputElement | null>;
}) {
  const { pdf, pagesShown, hasSource, centre, search } = options;
  const [scale, setScale] = useState(1);
  const [page, setPage] = useState(1);
  const [visiblePages, setVisiblePages] = useState<Set<number>>(new Set());

  const goToPage = useCallback(
    (n: number) => {
      setPage(n);
      centre.current?.querySelector(`[data-page="${n}"]`)?.scrollIntoView({ block: 'start' });
    },
    [centre],
  );

  const fitWidth = useCallback(() => {
    if (!pdf || !centre.current) return;
    setScale(Math.max(0.25, Math.min(4, (centre.current.clientWidth - 40) / pdf.baseSize.width)));
  }, [pdf, centre]);

  const zoom = useCallback(
    (how: 'in' | 'out' | 'fit') => {
      if (how === 'fit') return fitWidth();
      setScale((s) => (how === 'in' ? (ZOOMS.find((z) => z > s + 0.01) ?? s) : ([...ZOOMS].reverse().find((z) => z < s - 0.01) ?? s)));
    },
    [fitWidth],
  );

  useEffect(() => {
    if (pdf) {
      setPage(1);
      fitWidth();
    }
  }, [pdf, fitWidth]);

  const onPageVisibility = useCallback((n: number, visible: boolean) => {
    setVisiblePages((prev) => {
      if (prev.has(n) === visible) return prev;
      const next = new Set(prev);
      if (visible) next.add(n);
      else next.delete(n);
      return next;
    });
  }, []);

  useEffect(() => {
    const first = Math.min(...visiblePages);
    if (Number.isFinite(first)) setPage(first);
  }, [visiblePages]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f' && hasSource) {
        e.preventDefault();
        search.current?.focus();
        return;
      }
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey || !pdf || !pagesShown) return;
      if (e.key === '+' || e.key === '=') zoom('in');
      else if (e.key === '-') zoom('out');
      else if (e.key === '0') zoom('fit');
      else if (e.key.toLowerCase() === 'n') goToPage(Math.min(pdf.doc.numPages, page + 1));
      else if (e.key.toLowerCase() === 'p') goToPage(Math.max(1, page - 1));
      else if (e.key === '/') {
        e.preventDefault();
        search.current?.focus();
      } else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoom, goToPage, page, pdf, pagesShown, hasSource, search]);

  return { scale, page, visiblePages, goToPage, zoom, onPageVisibility };
}
