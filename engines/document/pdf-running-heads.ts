import type { FlowItem, PdfPage } from './pdf-page-model';
import type { Paragraph } from './pdf-paragraphs';

/** What was lifted off one page: its running header and footer lines, top to bottom. */
export interface PageHeads {
  header: Paragraph[];
  footer: Paragraph[];
}

/** Running heads sit in the outer fifth of the page, apart from the body. */
const EDGE_SHARE = 0.2;
/** Short, like a title, a date or a page number; never a wrapped paragraph. */
const MAX_CHARS = 120;
/** "7", "- 7 -", "Page 7", "Page 7 of 9", "7 / 9", "vii": a page number on its own. */
const PAGE_NUMBER = /^(?:[-–—]\s*)?(?:(?:page|p\.|seite|página|第)\s*)?(?:\d{1,4}|[ivxlc]{1,6})(?:\s*(?:of|\/|de|von)\s*\d{1,4})?(?:\s*页)?(?:\s*[-–—])?$/i;

type Edge = 'header' | 'footer';

interface Candidate {
  page: number;
  paragraph: Paragraph;
  edge: Edge;
  /** The text with numbers reduced to '#', so "Page 3" and "Page 4" repeat. */
  key: string;
}

function paragraphsOf(page: PdfPage): Paragraph[] {
  return page.flow.flatMap((f) => (f.kind === 'paragraph' ? [f.paragraph] : []));
}

function box(item: FlowItem): { y: number; bottom: number } {
  const b = item.kind === 'paragraph' ? item.paragraph : item.kind === 'table' ? item.table : item.image;
  return { y: b.y, bottom: b.y + b.h };
}

function keyOf(text: string): string {
  return text.trim().toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
}

/**
 * The short paragraphs at one edge of a page: those in the outer fifth, set apart from the
 * body by a gap at least as tall as a line, plus any others on the same baseline (a title
 * beside the page number).
 */
function edgeParagraphs(page: PdfPage, edge: Edge): Paragraph[] {
  const items = [...page.flow].sort((a, b) => (edge === 'header' ? box(a).y - box(b).y : box(b).bottom - box(a).bottom));
  const outer = items[0];
  if (!outer || outer.kind !== 'paragraph') return [];
  const p = outer.paragraph;
  const inBand = edge === 'header' ? p.y + p.h < page.height * EDGE_SHARE : p.y > page.height * (1 - EDGE_SHARE);
  if (!inBand || p.lines.length > 2 || p.text.length > MAX_CHARS || p.list || p.heading) return [];
  const baseline = p.lines.at(edge === 'header' ? 0 : -1)!.baseline;
  const row = paragraphsOf(page).filter(
    (q) => q === p || (q.lines.length === 1 && q.text.length <= MAX_CHARS && Math.abs(q.lines[0]!.baseline - baseline) < 0.5 * q.size),
  );
  const rest = page.flow.filter((f) => f.kind !== 'paragraph' || !row.includes(f.paragraph));
  if (rest.length === 0) return [];
  const gap =
    edge === 'header'
      ? Math.min(...rest.map((f) => box(f).y)) - Math.max(...row.map((q) => q.y + q.h))
      : Math.min(...row.map((q) => q.y)) - Math.max(...rest.map((f) => box(f).bottom));
  return gap >= p.size ? row : [];
}

/**
 * Finds running headers, footers and page numbers: edge lines that come back on other pages
 * at about the same height (numbers may change), or that are a page number on their own.
 * Returns what belongs to each page's header and footer and takes it out of the page's flow.
 */
export function liftRunningHeads(pages: PdfPage[]): PageHeads[] {
  const candidates: Candidate[] = pages.flatMap((page, i) =>
    (['header', 'footer'] as const).flatMap((edge) => edgeParagraphs(page, edge).map((paragraph) => ({ page: i, paragraph, edge, key: keyOf(paragraph.text) }))),
  );
  const running = new Set<Paragraph>();
  for (const c of candidates) {
    const height = pages[c.page]!.height;
    const repeated = candidates.some((o) => o.page !== c.page && o.edge === c.edge && o.key === c.key && Math.abs(o.paragraph.y - c.paragraph.y) < 0.03 * height);
    if (repeated || PAGE_NUMBER.test(c.paragraph.text.trim())) running.add(c.paragraph);
  }
  // A row is lifted whole when any of it is running: the title beside a page number goes too.
  for (const c of candidates) {
    if (running.has(c.paragraph)) continue;
    const baseline = c.paragraph.lines[0]!.baseline;
    const besideRunning = candidates.some((o) => o.page === c.page && o.edge === c.edge && running.has(o.paragraph) && Math.abs(o.paragraph.lines[0]!.baseline - baseline) < 0.5 * c.paragraph.size);
    if (besideRunning) running.add(c.paragraph);
  }
  return pages.map((page) => {
    const lifted = paragraphsOf(page).filter((p) => running.has(p));
    page.flow = page.flow.filter((f) => f.kind !== 'paragraph' || !running.has(f.paragraph));
    const middle = page.height / 2;
    const byPosition = (a: Paragraph, b: Paragraph) => a.y - b.y || a.x - b.x;
    return {
      header: lifted.filter((p) => p.y < middle).sort(byPosition),
      footer: lifted.filter((p) => p.y >= middle).sort(byPosition),
    };
  });
}

/** True when the text is only a page number, which Word should count itself. */
export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim());
}
