import { degrees, PDFDocument } from 'pdf-lib';
import type { OrganizeOptions } from '@contracts/pdf-tools.js';
import { renameExt, type ConvertInput, type ConvertOutput } from '@engines/document/types.js';
import { copyDocumentInfo } from './document-info.js';
import { loadPdf, savePdf } from './load.js';
import { ownAnnotations } from './own-annotations.js';
import { throwIfAborted, type PdfOpOptions } from './op-options.js';
import { PdfOptionsError } from './pdf-options-error.js';

/**
 * The document rebuilt page by page as `options.pages` lists them: any order, a page may come
 * more than once (each copy its own page object and annotations, sharing the content), a page
 * left out is gone. `rotate` turns a page further clockwise from where it already stands.
 */
export async function organizePdf(input: ConvertInput, options: OrganizeOptions, opts: PdfOpOptions = {}): Promise<ConvertOutput> {
  if (options.pages.length === 0) throw new PdfOptionsError('noPages', '');
  const source = await loadPdf(input.bytes);
  const pageCount = source.getPageCount();
  const outside = options.pages.find((p) => p.page < 1 || p.page > pageCount);
  if (outside) throw new PdfOptionsError('pageOutOfRange', String(outside.page));
  throwIfAborted(opts.signal);
  const result = await PDFDocument.create();
  copyDocumentInfo(source, result);
  // One copyPages call: repeated pages then share their content streams and resources.
  const pages = await result.copyPages(source, options.pages.map((p) => p.page - 1));
  const placed = new Set<number>();
  for (const [i, page] of pages.entries()) {
    const { page: from, rotate: turn } = options.pages[i] ?? { page: 0, rotate: 0 };
    result.addPage(page);
    if (placed.has(from)) ownAnnotations(page);
    placed.add(from);
    if (turn !== 0) page.setRotation(degrees(normalAngle(page.getRotation().angle + turn)));
  }
  opts.onProgress?.(0.5);
  throwIfAborted(opts.signal);
  const bytes = await savePdf(result);
  opts.onProgress?.(1);
  return { name: renameExt(input.name, 'pdf'), mime: 'application/pdf', bytes };
}

/** 0, 90, 180 or 270: files in the wild carry -90 or 450, which some readers refuse. */
function normalAngle(angle: number): number {
  return ((angle % 360) + 360) % 360;
}
