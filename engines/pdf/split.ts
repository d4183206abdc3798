import { PDFDocument } from 'pdf-lib';
import type { SplitOptions } from '@contracts/pdf-tools.js';
import type { ConvertInput, ConvertOutput } from '@engines/document/types.js';
import { copyDocumentInfo } from './document-info.js';
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
  const ranges = options.mode === 'ranges' ? parsePageRanges(options.ranges, pageCount) : everyN(options.every, pageCount);
  const base = baseName(input.name, 'document');
  const names = uniqueNames(ranges.map((r) => `${base}-p${r.from === r.to ? r.from : `${r.from}-${r.to}`}.pdf`));
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

function everyN(every: number, pageCount: number): PageRange[] {
  const ranges: PageRange[] = [];
  for (let from = 1; from <= pageCount; from += every) ranges.push({ from, to: Math.min(pageCount, from + every - 1) });
  return ranges;
}
