import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PageNumbersOptions, WatermarkOptions } from '@contracts/pdf-tools.js';
import { parsePageRanges } from '@engines/pdf/page-ranges.js';
import { PdfToolError } from './pdf-tool-error.js';
import { isEncrypted, runQpdf } from './qpdf.js';
import { assertAbsolutePath, type ToolLimits } from './run-tool.js';
import { StampSheet } from './stamp-draw.js';
import { anchorCentre, compactRanges, fitScale, MM, rotatedBounds, tileCentres, type Point, type Size } from './stamp-geometry.js';
import { shownPageSizes } from './stamp-pages.js';

/**
 * Page numbers and watermarks (issue 30). The stamps are drawn into a PDF of their own with pdfkit
 * (any script: fonts found on the machine, subset to the glyphs used, Arabic shaped and ordered),
 * one page per page to stamp, and qpdf lays them over the document's pages (`--overlay`). qpdf
 * streams the document, so a large PDF is never parsed into this process's memory, and it fits
 * the stamp to each page's box and rotation.
 */

/** A user's option that the file itself shows to be unusable (an image pdfkit cannot read). */
export class StampOptionsError extends Error {
  readonly reason = 'optionsInvalid';
}

/** Pages drawn between two yields to the event loop (about 50 ms of drawing). */
const PAGES_PER_TURN = 200;

/** Stamps keep this far from the page's edges, in points. */
const WATERMARK_MARGIN = 18;

/** One deadline for the whole job, however many tool runs it takes; also where a cancelled job stops. */
function budget(limits: ToolLimits): () => ToolLimits {
  const deadline = Date.now() + limits.timeoutMs;
  return () => {
    if (limits.signal?.aborted) throw new PdfToolError('cancelled', 'stamping was cancelled');
    const left = deadline - Date.now();
    if (left <= 0) throw new PdfToolError('timeLimit', `stamping ran past ${limits.timeoutMs} ms`);
    return { ...limits, timeoutMs: left };
  };
}

interface Document {
  sizes: Size[];
  /** The 1-based pages to stamp, in document order, each once. */
  targets: number[];
}

async function openDocument(input: string, output: string, pages: string | undefined, left: () => ToolLimits): Promise<Document> {
  assertAbsolutePath(input, 'input');
  assertAbsolutePath(output, 'output');
  const counted = await runQpdf({ args: ['--show-npages', input], input, onInvalidPassword: 'encrypted' }, left());
  const count = Number.parseInt(counted.stdout.trim(), 10);
  if (!Number.isInteger(count) || count < 1) throw new PdfToolError('unreadable', 'the PDF has no pages');
  // Rewriting an "owner password only" file would silently drop its restrictions.
  if (await isEncrypted(input, left())) throw new PdfToolError('encrypted', 'the PDF is protected: unlock it first');
  const chosen = new Set<number>();
  for (const range of pages === undefined ? [{ from: 1, to: count }] : parsePageRanges(pages, count)) {
    for (let page = range.from; page <= range.to; page++) chosen.add(page);
  }
  const sizes = await shownPageSizes(input, count, left);
  return { sizes, targets: [...chosen].sort((a, b) => a - b) };
}

/** Lays the sheet's pages (`from`, one per target) over the document's `targets`. */
async function overlay(input: string, sheet: string, targets: number[], from: string, output: string, limits: ToolLimits): Promise<void> {
  await runQpdf({ args: [input, '--overlay', sheet, `--to=${compactRanges(targets)}`, `--from=${from}`, '--', output], input, onInvalidPassword: 'encrypted' }, limits);
}

const scratch = (limits: ToolLimits, ext: string) => join(limits.cwd, `.stamp-${randomBytes(6).toString('hex')}.${ext}`);

/** The text of page number `n` of a run whose last number is `total`. */
export function pageLabel(template: string, n: number, total: number): string {
  return template.replaceAll('{n}', String(n)).replaceAll('{total}', String(total));
}

/**
 * Numbers the chosen pages (all when no range): the first gets `startAt`, the next one more, and
 * `{total}` is the last number given, so "Page {n} of {total}" reads right when a cover is skipped.
 */
export async function stampPageNumbers(input: string, output: string, options: PageNumbersOptions, limits: ToolLimits): Promise<void> {
  const left = budget(limits);
  const { sizes, targets } = await openDocument(input, output, options.pages, left);
  const total = options.startAt + targets.length - 1;
  const sheetPath = scratch(limits, 'pdf');
  try {
    const sheet = new StampSheet(sheetPath);
    await sheet.prepareFonts([options.template, '0123456789'], left);
    const margin = options.marginMm * MM;
    for (const [index, page] of targets.entries()) {
      // Drawing is synchronous: every so often let the server's other work run, and check the deadline.
      if (index % PAGES_PER_TURN === PAGES_PER_TURN - 1) {
        await new Promise((resolve) => setImmediate(resolve));
        left();
      }
      const size = sizes[page - 1]!;
      sheet.addPage(size);
      let line = sheet.measure(pageLabel(options.template, options.startAt + index, total), options.fontSize);
      const scale = fitScale({ width: line.width, height: line.ascent + line.descent }, size, margin);
      if (scale < 1) line = sheet.measure(pageLabel(options.template, options.startAt + index, total), options.fontSize * scale);
      const centre = anchorCentre(options.position, { width: line.width, height: line.ascent + line.descent }, size, margin);
      sheet.doc.save().translate(centre.x, centre.y).fillColor(options.color);
      sheet.drawLine(line);
      sheet.doc.restore();
    }
    await sheet.finish();
    left();
    await overlay(input, sheetPath, targets, compactRanges(targets.map((_, i) => i + 1)), output, left());
  } finally {
    await rm(sheetPath, { force: true });
  }
}

/** pdfkit's image reader, off its typed surface: the picture's own size is needed to keep its proportions. */
interface ImageOpener {
  openImage(src: string): { width: number; height: number; orientation?: number };
}

/** The picture as a file pdfkit reads (and embeds once, however many pages show it). */
async function writeImage(dataUrl: string, limits: ToolLimits): Promise<string> {
  const match = /^data:image\/(png|jpeg);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw new StampOptionsError('the image is not a PNG or JPEG data URL');
  const path = scratch(limits, match[1] === 'png' ? 'png' : 'jpg');
  await writeFile(path, Buffer.from(match[2]!, 'base64'));
  return path;
}

/** Where the copies of a stamp of upright `bounds` go on a page. */
function placements(position: WatermarkOptions['position'], bounds: Size, page: Size, gap: number): Point[] {
  return position === 'tile' ? tileCentres(bounds, page, gap) : [anchorCentre(position, bounds, page, WATERMARK_MARGIN)];
}

/**
 * A text (any script) or a picture over the chosen pages, at a place or tiled across the page,
 * turned and see-through as asked. Pages of the same size share one drawn stamp (qpdf makes it
 * one form XObject), so a thousand-page file costs one stamp, not a thousand.
 */
export async function stampWatermark(input: string, output: string, options: WatermarkOptions, limits: ToolLimits): Promise<void> {
  const left = budget(limits);
  const { sizes, targets } = await openDocument(input, output, options.pages, left);
  const sheetPath = scratch(limits, 'pdf');
  let imagePath: string | undefined;
  try {
    const sheet = new StampSheet(sheetPath);
    if (options.text !== undefined) await sheet.prepareFonts([options.text], left);
    let picture: { path: string; size: Size } | undefined;
    if (options.image !== undefined) {
      imagePath = await writeImage(options.image, limits);
      try {
        const opened = (sheet.doc as unknown as ImageOpener).openImage(imagePath);
        const turned = (opened.orientation ?? 1) > 4;
        picture = { path: imagePath, size: turned ? { width: opened.height, height: opened.width } : { width: opened.width, height: opened.height } };
      } catch (error) {
        throw new StampOptionsError('the image could not be read', { cause: error });
      }
    }
    const sheetPages = new Map<string, number>();
    const from = targets.map((page) => {
      const size = sizes[page - 1]!;
      const key = `${size.width.toFixed(2)}x${size.height.toFixed(2)}`;
      let index = sheetPages.get(key);
      if (index === undefined) {
        index = sheetPages.size + 1;
        sheetPages.set(key, index);
        sheet.addPage(size);
        drawWatermark(sheet, options, picture, size);
      }
      return index;
    });
    await sheet.finish();
    left();
    await overlay(input, sheetPath, targets, from.join(','), output, left());
  } finally {
    await rm(sheetPath, { force: true });
    if (imagePath) await rm(imagePath, { force: true });
  }
}

function drawWatermark(sheet: StampSheet, options: WatermarkOptions, picture: { path: string; size: Size } | undefined, page: Size): void {
  const { doc } = sheet;
  if (picture) {
    const width = options.imageScale * page.width;
    let box = { width, height: (width * picture.size.height) / picture.size.width };
    const scale = fitScale(rotatedBounds(box, options.rotation), page, WATERMARK_MARGIN);
    box = { width: box.width * scale, height: box.height * scale };
    const bounds = rotatedBounds(box, options.rotation);
    for (const centre of placements(options.position, bounds, page, 0.3 * Math.min(box.width, box.height) + 12)) {
      doc.save().translate(centre.x, centre.y).rotate(-options.rotation).opacity(options.opacity);
      doc.image(picture.path, -box.width / 2, -box.height / 2, { width: box.width, height: box.height });
      doc.restore();
    }
    return;
  }
  const text = options.text ?? '';
  let line = sheet.measure(text, options.fontSize);
  const scale = fitScale(rotatedBounds({ width: line.width, height: line.ascent + line.descent }, options.rotation), page, WATERMARK_MARGIN);
  if (scale < 1) line = sheet.measure(text, options.fontSize * scale);
  const bounds = rotatedBounds({ width: line.width, height: line.ascent + line.descent }, options.rotation);
  for (const centre of placements(options.position, bounds, page, Math.max(24, line.size * 1.5))) {
    doc.save().translate(centre.x, centre.y).rotate(-options.rotation).fillColor(options.color, options.opacity);
    sheet.drawLine(line);
    doc.restore();
  }
}
