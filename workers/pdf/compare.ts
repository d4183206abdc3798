import { PDF_TOOL_OPTIONS } from '@contracts/pdf-tools.js';
import { EngineError, type ConvertInput, type ConvertOutput } from '@engines/document/types.js';
import { compareDocuments } from '@engines/pdf/compare-diff.js';
import type { PageTextInput } from '@engines/pdf/compare-tokens.js';
import type { PdfOpOptions } from '@engines/pdf/op-options.js';
import { throwIfAborted } from '@engines/pdf/op-options.js';
import { baseName } from '@engines/pdf/output-names.js';
import { closeThumbnails, isOpen, openForThumbnails, pageText } from './page-thumbnails';

/** Reading the text is most of the work; marking the newer version the rest. */
const READ_SHARE = 0.8;
let runs = 0;

/**
 * Every page's text runs, read the way the page's view reads them (workers/pdf/page-thumbnails.ts),
 * so the report marks what the user saw. A copy of the bytes goes to pdf.js, which detaches what it is given.
 */
async function readPages(input: ConvertInput, opts: PdfOpOptions, onProgress: (fraction: number) => void): Promise<PageTextInput[]> {
  const id = `compare-run-${(runs += 1)}`;
  try {
    const count = await openForThumbnails(id, input.bytes.slice());
    const pages: PageTextInput[] = [];
    for (let n = 1; n <= count; n++) {
      throwIfAborted(opts.signal);
      // The page's thumbnails may have pushed this document out of the worker's few open ones.
      if (!isOpen(id)) await openForThumbnails(id, input.bytes.slice());
      pages.push(await pageText(id, n));
      onProgress(n / count);
    }
    return pages;
  } finally {
    closeThumbnails(id);
  }
}

/** Two versions in (older, newer), the newer one with its differences marked out (issue 30). */
export async function runCompare(inputs: ConvertInput[], options: unknown, opts: PdfOpOptions): Promise<ConvertOutput[]> {
  const { labels } = PDF_TOOL_OPTIONS['pdf-compare'].parse(options);
  const [older, newer] = inputs;
  if (inputs.length !== 2 || !older || !newer) throw new EngineError('unsupported', `Compare takes two files, not ${inputs.length}`);
  // Each version is half of the reading, whatever their page counts.
  const oldText = await readPages(older, opts, (f) => opts.onProgress?.((READ_SHARE * f) / 2));
  const newText = await readPages(newer, opts, (f) => opts.onProgress?.((READ_SHARE * (1 + f)) / 2));
  const { changes } = compareDocuments(oldText, newText);
  throwIfAborted(opts.signal);
  const { markChanges } = await import('@engines/pdf/compare-report.js');
  const bytes = await markChanges(newer.bytes, changes, labels);
  opts.onProgress?.(1);
  return [{ name: `${baseName(newer.name, 'document')}-compared.pdf`, mime: 'application/pdf', bytes }];
}
