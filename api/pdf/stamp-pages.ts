import { PdfToolError } from './pdf-tool-error.js';
import { runTool, type ToolLimits } from './run-tool.js';
import type { Size } from './stamp-geometry.js';

export const PDFINFO = '/usr/bin/pdfinfo';

/** Pages per pdfinfo call: its answer for them stays well under run-tool's 1 MB output cap. */
const CHUNK = 1500;

/**
 * Each page's size as shown, in points: the TrimBox (qpdf's overlay fills the TrimBox; pdfinfo
 * gives the CropBox when there is none) turned by the page's /Rotate. qpdf turns the overlay page
 * back onto a rotated page, so a stamp drawn upright on a page this size shows upright.
 */
export async function shownPageSizes(input: string, pageCount: number, limits: () => ToolLimits): Promise<Size[]> {
  const sizes: Size[] = [];
  for (let first = 1; first <= pageCount; first += CHUNK) {
    const last = Math.min(pageCount, first + CHUNK - 1);
    const result = await runTool(PDFINFO, ['-box', '-f', String(first), '-l', String(last), input], limits());
    if (result.code !== 0) throw new PdfToolError('unreadable', `pdfinfo exited with ${result.code}: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`);
    sizes.push(...parseBoxes(result.stdout, first, last));
  }
  return sizes;
}

/** pdfinfo -box's per-page lines (`Page    3 rot:  90`, `Page    3 TrimBox:  0.00 0.00 595.00 842.00`) as shown sizes. */
export function parseBoxes(text: string, first: number, last: number): Size[] {
  const trim = new Map<number, Size>();
  const rot = new Map<number, number>();
  for (const line of text.split('\n')) {
    const box = /^Page\s+(\d+)\s+TrimBox:\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(line);
    if (box) {
      const [x0, y0, x1, y1] = box.slice(2, 6).map(Number) as [number, number, number, number];
      trim.set(Number(box[1]), { width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) });
      continue;
    }
    const turn = /^Page\s+(\d+)\s+rot:\s+(-?\d+)/.exec(line);
    if (turn) rot.set(Number(turn[1]), ((Number(turn[2]) % 360) + 360) % 360);
  }
  const sizes: Size[] = [];
  for (let page = first; page <= last; page++) {
    const size = trim.get(page);
    if (!size || size.width < 1 || size.height < 1) throw new PdfToolError('unreadable', `pdfinfo gave no usable box for page ${page}`);
    const turned = rot.get(page) === 90 || rot.get(page) === 270;
    sizes.push(turned ? { width: size.height, height: size.width } : size);
  }
  return sizes;
}
