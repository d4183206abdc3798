import { degrees, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { SignOptions } from '@contracts/pdf-tools.js';
import type { ConvertInput, ConvertOutput } from '@engines/document/types.js';
import { loadPdf, savePdf } from './load.js';
import { throwIfAborted, type PdfOpOptions } from './op-options.js';
import { baseName } from './output-names.js';
import { PdfOptionsError } from './pdf-options-error.js';

/** A box as shares of the page as shown (after /Rotate), from its top left. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The date's size follows the signature's height, within what stays legible and modest. */
const DATE_MIN_PT = 7;
const DATE_MAX_PT = 12;
const DATE_GAP_PT = 2;

/**
 * Where a page shows a point: the crop box turned by the page's /Rotate. `toUser` maps a point
 * given in points from the shown page's top left into the page's own coordinates.
 */
function pageFrame(page: PDFPage) {
  const crop = page.getCropBox();
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const sideways = rotation === 90 || rotation === 270;
  const shownWidth = sideways ? crop.height : crop.width;
  const shownHeight = sideways ? crop.width : crop.height;
  const toUser = (sx: number, sy: number): { x: number; y: number } => {
    const [u, v] =
      rotation === 0 ? [sx, crop.height - sy] : rotation === 90 ? [sy, sx] : rotation === 180 ? [crop.width - sx, sy] : [crop.width - sy, crop.height - sx];
    return { x: crop.x + u, y: crop.y + v };
  };
  return { rotation, shownWidth, shownHeight, toUser };
}

/** Draws the image upright as the page is shown, filling the box. */
function drawInBox(page: PDFPage, image: PDFImage, box: Box): void {
  const frame = pageFrame(page);
  const width = box.width * frame.shownWidth;
  const height = box.height * frame.shownHeight;
  // pdf-lib turns an image about its bottom-left corner, counter-clockwise: the same angle as /Rotate undoes.
  const anchor = frame.toUser(box.x * frame.shownWidth, (box.y + box.height) * frame.shownHeight);
  page.drawImage(image, { ...anchor, width, height, rotate: degrees(frame.rotation) });
}

/** The date under the signature's box, or above it when there is no room below; kept on the page. */
function drawDate(page: PDFPage, font: PDFFont, text: string, box: Box): void {
  const frame = pageFrame(page);
  const size = Math.min(DATE_MAX_PT, Math.max(DATE_MIN_PT, box.height * frame.shownHeight * 0.22));
  const ascent = font.heightAtSize(size, { descender: false });
  const descent = font.heightAtSize(size) - ascent;
  const below = (box.y + box.height) * frame.shownHeight + DATE_GAP_PT + ascent;
  const baseline = below + descent <= frame.shownHeight ? below : Math.max(ascent, box.y * frame.shownHeight - DATE_GAP_PT - descent);
  const left = Math.max(0, Math.min(box.x * frame.shownWidth, frame.shownWidth - font.widthOfTextAtSize(text, size)));
  page.drawText(text, { ...frame.toUser(left, baseline), size, font, rotate: degrees(frame.rotation) });
}

/**
 * The signature drawn on each chosen page in its box (the same image object shared by every
 * page), the date under each signature when given, the initials on every page. Boxes are read as
 * the page is shown, so a page turned by /Rotate gets an upright signature where the user put it.
 */
export async function signPdf(input: ConvertInput, options: SignOptions, opts: PdfOpOptions = {}): Promise<ConvertOutput> {
  const doc = await loadPdf(input.bytes);
  const pages = doc.getPages();
  const outside = options.placements.find((p) => p.page > pages.length);
  if (outside) throw new PdfOptionsError('pageOutOfRange', String(outside.page));
  throwIfAborted(opts.signal);

  const signature = await doc.embedPng(options.signature);
  const initials = options.initials && (await doc.embedPng(options.initials.image));
  const font = options.date === undefined ? undefined : await doc.embedFont(StandardFonts.Helvetica);

  for (const placement of options.placements) {
    const page = pages[placement.page - 1] as PDFPage;
    drawInBox(page, signature, placement);
    if (font && options.date !== undefined) drawDate(page, font, options.date, placement);
  }
  opts.onProgress?.(0.3);
  if (initials && options.initials) {
    for (const [i, page] of pages.entries()) {
      drawInBox(page, initials, options.initials);
      if (i % 50 === 0) throwIfAborted(opts.signal);
    }
  }
  opts.onProgress?.(0.6);
  throwIfAborted(opts.signal);
  const bytes = await savePdf(doc);
  opts.onProgress?.(1);
  return { name: `${baseName(input.name, 'document')}-signed.pdf`, mime: 'application/pdf', bytes };
}
