import { PDFDocument } from 'pdf-lib';
import type { SplitOptions } from '@contracts/pdf-tools.js';
import type { ConvertInput, ConvertOutput } from '@engines/document/types.js';
import { topLevelBookmarks, type Bookmark } from './bookmarks.js';
import { copyDocumentInfo } from './document-info.js';
import { PdfOptionsError } from './pdf-options-error.js';
import { loadPdf, savePdf } from './load.js';
import { throwIfAborted, type PdfOpOptions } from './op-options.js';
import { baseName, uniqueNames } from './output-names.js';
import { parsePageRanges, type PageRange } from './page-ranges.js';

/**
 * One PDF per range (`1-3, 5` → `report-p1-3.pdf`, `report-p5.pdf`) or per N pages, in order.
 * The caller zips them.
 */
export async function splitPdf(input: ConvertInput, options: SplitOptions, opts: PdfOpOptions = {}): Promise<ConvertOutput[]> {
  const source = await loadPdf(input.bytes);
  const pageCount = source.getPageCount();
  const base = baseName(input.name, 'document');
  const { ranges, names } = options.mode === 'bookmarks' ? byBookmarks(source, base) : byPages(options.mode === 'ranges' ? parsePageRanges(options.ranges, pageCount) : everyN(options.every, pageCount), base);
  const outputs: ConvertOutput[] = [];
  for (const [i, range] of ranges.entries()) {
    throwIfAborted(opts.signal);
    const part = await PDFDocument.create();
    copyDocumentInfo(source, part);
    const indices = Array.from({ length: range.to - range.from + 1 }, (_, k) => range.from - 1 + k);
    for (const page of await part.copyPages(source, indices)) part.addPage(page);
    outputs.push({ name: names[i] ?? `${base}-${i + 1}.pdf`, mime: 'application/pdf', bytes: await savePdf(part) });
    opts.onProgress?.((i + 1) / ranges.length);
  }
  return outputs;
}

function byPages(ranges: PageRange[], base: string): { ranges: PageRange[]; names: string[] } {
  return { ranges, names: uniqueNames(ranges.map((r) => `${base}-p${r.from === r.to ? r.from : `${r.from}-${r.to}`}.pdf`)) };
}

/** Characters no file system takes, and control characters, out of a bookmark's title. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not hold
const fileSafe = (title: string) => title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);

/**
 * One part per top-level bookmark, from its page to the page before the next one's, named
 * `report-01 Title.pdf` (numbered, so the files sort in the document's order). Bookmarks on the
 * same page make one part; the pages before the first bookmark join the first part.
 */
function byBookmarks(source: PDFDocument, base: string): { ranges: PageRange[]; names: string[] } {
  const pageCount = source.getPageCount();
  const starts: Bookmark[] = [];
  for (const b of [...topLevelBookmarks(source)].sort((a, b) => a.pageIndex - b.pageIndex)) {
    if (starts.at(-1)?.pageIndex !== b.pageIndex) starts.push(b);
  }
  if (starts.length === 0) throw new PdfOptionsError('noBookmarks', '');
  const ranges = starts.map((b, i) => ({ from: i === 0 ? 1 : b.pageIndex + 1, to: (starts[i + 1]?.pageIndex ?? pageCount) }));
  const width = Math.max(2, String(starts.length).length);
  const names = uniqueNames(starts.map((b, i) => `${base}-${String(i + 1).padStart(width, '0')}${fileSafe(b.title) ? ` ${fileSafe(b.title)}` : ''}.pdf`));
  return { ranges, names };
}

function everyN(every: number, pageCount: number): PageRange[] {
  const ranges: PageRange[] = [];
  for (let from = 1; from <= pageCount; from += every) ranges.push({ from, to: Math.min(pageCount, from + every - 1) });
  return ranges;
}
