import type { ReadingParagraph } from '@engines/reading/document-paragraphs';
import { useEffect, useMemo, useState } from 'react';

export interface SearchHit {
  page: number;
  paragraphId?: string;
}

function occurrences(text: string, query: string): number {
  let n = 0;
  for (let at = text.indexOf(query); at >= 0; at = text.indexOf(query, at + query.length)) n++;
  return n;
}

/**
 * Search across the document: over the pages' own text in the page view (read once, lazily),
 * over the rebuilt paragraphs in the paragraph view. One hit per occurrence, in reading order.
 */
export function useSearch(query: string, paragraphs: readonly ReadingParagraph[], loadPageTexts: (() => Promise<string[]>) | null) {
  const q = query.trim().toLowerCase();
  const [pageTexts, setPageTexts] = useState<string[] | null>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => setPageTexts(null), [loadPageTexts]);
  useEffect(() => {
    if (!q || !loadPageTexts || pageTexts) return;
    let cancelled = false;
    void loadPageTexts().then((texts) => !cancelled && setPageTexts(texts.map((t) => t.toLowerCase())), () => undefined);
    return () => {
      cancelled = true;
    };
  }, [q, loadPageTexts, pageTexts]);

  const hits = useMemo<SearchHit[]>(() => {
    if (!q) return [];
    if (loadPageTexts) return (pageTexts ?? []).flatMap((text, i) => Array.from({ length: occurrences(text.replace(/\n/g, ''), q) }, () => ({ page: i + 1 })));
    return paragraphs.flatMap((p) => Array.from({ length: occurrences(p.text.toLowerCase(), q) }, () => ({ page: p.page, paragraphId: p.id })));
  }, [q, pageTexts, paragraphs, loadPageTexts]);

  useEffect(() => setCurrent(0), [q, hits.length]);

  return {
    query: q,
    hits,
    current: hits.length ? Math.min(current, hits.length - 1) : -1,
    next: () => setCurrent((c) => (hits.length ? (c + 1) % hits.length : 0)),
    previous: () => setCurrent((c) => (hits.length ? (c - 1 + hits.length) % hits.length : 0)),
  };
}
