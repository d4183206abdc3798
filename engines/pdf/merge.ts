import { PDFDocument } from 'pdf-lib';
import { EngineError, type ConvertInput, type ConvertOutput } from '@engines/document/types.js';
import { loadPdf, savePdf } from './load.js';
import { throwIfAborted, type PdfOpOptions } from './op-options.js';
import { PdfOptionsError } from './pdf-options-error.js';

/** The most pages one result may hold: the organize tool's limit, and far past any real merge. */
export const MAX_MERGED_PAGES = 100_000;

/**
 * All pages of all inputs, in input order, as one `merged.pdf`. Pages keep their size, rotation,
 * content and annotations; document-level parts (bookmarks, form fields' tree) are not carried over.
 */
export async function mergePdfs(inputs: ConvertInput[], opts: PdfOpOptions = {}): Promise<ConvertOutput> {
  if (inputs.length === 0) throw new PdfOptionsError('noPages', '');
  const merged = await PDFDocument.create();
  let pageCount = 0;
  for (const [i, input] of inputs.entries()) {
    throwIfAborted(opts.signal);
    const source = await loadNamed(input);
    pageCount += source.getPageCount();
    if (pageCount > MAX_MERGED_PAGES) throw new EngineError('tooLarge', `More than ${MAX_MERGED_PAGES} pages`);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
    // Saving takes about as long as one more file.
    opts.onProgress?.((i + 1) / (inputs.length + 1));
  }
  throwIfAborted(opts.signal);
  const bytes = await savePdf(merged);
  opts.onProgress?.(1);
  return { name: 'merged.pdf', mime: 'application/pdf', bytes };
}

/** Says which file failed: one bad file among a hundred is otherwise hard to find. */
async function loadNamed(input: ConvertInput): Promise<PDFDocument> {
  try {
    return await loadPdf(input.bytes);
  } catch (error) {
    if (error instanceof EngineError) throw new EngineError(error.reason, `${input.name}: ${error.message}`);
    throw error;
  }
}
