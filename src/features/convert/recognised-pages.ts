import type { RecognisedPage } from '@contracts/documents';

/** Page numbers as ranges: 1, 2, 3, 5 → "1–3, 5". */
export function pageRanges(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i]!;
    parts.push(end === start ? String(start) : `${start}–${end}`);
  }
  return parts.join(', ');
}

/** What the note says: which pages, and the confidence over them (their mean, rounded). */
export function recognisedSummary(pages: RecognisedPage[]): { pages: string; confidence: number } | null {
  if (pages.length === 0) return null;
  const confidence = Math.round(pages.reduce((s, p) => s + p.confidence, 0) / pages.length);
  return { pages: pageRanges(pages.map((p) => p.page)), confidence };
}
