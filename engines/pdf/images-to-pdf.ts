import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState, type PDFImage, type PDFPage } from 'pdf-lib';
import type { ImageToPdfOptions } from '@contracts/pdf-tools.js';
import { EngineError, renameExt, type ConvertInput, type ConvertOutput } from '@engines/document/types.js';
import { jpegOrientation, type ExifOrientation } from './exif-orientation.js';
import { savePdf } from './load.js';
import { throwIfAborted, type PdfOpOptions } from './op-options.js';
import { PdfOptionsError } from './pdf-options-error.js';

const PAGE_POINTS = { a4: [595.28, 841.89], letter: [612, 792] } as const;
const POINTS_PER_MM = 72 / 25.4;
/** The largest page Acrobat opens (200 in); a bigger `fit` image is scaled down to it. */
const MAX_PAGE_POINTS = 14_400;

/**
 * The unit square onto the upright picture in a unit box, per EXIF orientation: [a b c d e f]
 * of a PDF `cm`, before scaling to the box. Rows of the stored picture run top to bottom, PDF's y up.
 */
const ORIENTATION_MATRIX: Record<ExifOrientation, readonly [number, number, number, number, number, number]> = {
  1: [1, 0, 0, 1, 0, 0],
  2: [-1, 0, 0, 1, 1, 0],
  3: [-1, 0, 0, -1, 1, 1],
  4: [1, 0, 0, -1, 0, 1],
  5: [0, -1, -1, 0, 1, 1],
  6: [0, -1, 1, 0, 0, 1],
  7: [0, 1, 1, 0, 0, 0],
  8: [0, 1, -1, 0, 1, 0],
};

interface Picture {
  image: PDFImage;
  orientation: ExifOrientation;
  /** Upright size in pixels. */
  width: number;
  height: number;
}

/**
 * One page per image, in input order. JPEGs are embedded as they are (no re-encoding, so no
 * loss), PNGs through pdf-lib's decoder. On A4 or Letter the picture is scaled to fit inside the
 * margins and centred; with `fit` the page is the picture's size, one pixel to one point.
 */
export async function imagesToPdf(inputs: ConvertInput[], options: ImageToPdfOptions, opts: PdfOpOptions = {}): Promise<ConvertOutput> {
  if (inputs.length === 0) throw new PdfOptionsError('noPages', '');
  const doc = await PDFDocument.create();
  for (const [i, input] of inputs.entries()) {
    throwIfAborted(opts.signal);
    const picture = await embed(doc, input);
    if (options.pageSize === 'fit') addFitPage(doc, picture);
    else addSizedPage(doc, picture, options);
    opts.onProgress?.((i + 1) / (inputs.length + 1));
  }
  const bytes = await savePdf(doc);
  opts.onProgress?.(1);
  const name = inputs.length === 1 && inputs[0] ? renameExt(inputs[0].name, 'pdf') : 'images.pdf';
  return { name, mime: 'application/pdf', bytes };
}

async function embed(doc: PDFDocument, input: ConvertInput): Promise<Picture> {
  const { bytes } = input;
  const kind = isJpeg(bytes) ? 'jpeg' : isPng(bytes) ? 'png' : null;
  if (!kind) throw new EngineError('unreadable', `${input.name}: not a JPEG or PNG`);
  let image: PDFImage;
  try {
    image = kind === 'jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
  } catch (error) {
    throw new EngineError('unreadable', `${input.name}: ${String(error)}`);
  }
  const orientation = kind === 'jpeg' ? jpegOrientation(bytes) : 1;
  const sideways = orientation >= 5;
  return { image, orientation, width: sideways ? image.height : image.width, height: sideways ? image.width : image.height };
}

function isJpeg(b: Uint8Array): boolean {
  return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}

function isPng(b: Uint8Array): boolean {
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, k) => b[k] === v);
}

function addFitPage(doc: PDFDocument, picture: Picture): void {
  const scale = Math.min(1, MAX_PAGE_POINTS / Math.max(picture.width, picture.height));
  const width = picture.width * scale;
  const height = picture.height * scale;
  draw(doc.addPage([width, height]), picture, { x: 0, y: 0, width, height });
}

function addSizedPage(doc: PDFDocument, picture: Picture, options: ImageToPdfOptions): void {
  const [short, long] = PAGE_POINTS[options.pageSize === 'letter' ? 'letter' : 'a4'];
  const landscape = options.orientation === 'landscape' || (options.orientation === 'auto' && picture.width > picture.height);
  const [pageWidth, pageHeight] = landscape ? [long, short] : [short, long];
  const margin = options.marginMm * POINTS_PER_MM;
  const scale = Math.min((pageWidth - 2 * margin) / picture.width, (pageHeight - 2 * margin) / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  draw(doc.addPage([pageWidth, pageHeight]), picture, { x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height });
}

/** Paints the picture upright into the box (drawImage knows no mirroring, so the matrix is ours). */
function draw(page: PDFPage, picture: Picture, box: { x: number; y: number; width: number; height: number }): void {
  const [a, b, c, d, e, f] = ORIENTATION_MATRIX[picture.orientation];
  const name = page.node.newXObject('Image', picture.image.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(box.width * a, box.height * b, box.width * c, box.height * d, box.x + box.width * e, box.y + box.height * f),
    drawObject(name),
    popGraphicsState(),
  );
}
