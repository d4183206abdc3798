import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { PdfToolError } from './pdf-tool-error.js';
import { readdirSync, readFileSync } from 'node:fs';
import { pngBytes, type Rgb } from '../../tests/helpers/fixtures/image-encoders.js';
import { renderPdf } from '../../tests/helpers/fixtures/pdfs.js';

/**
 * Test support for api/pdf (its tests and tests/bench/pdf-compress.ts; nothing in the server
 * imports it). PDFs made by code: text pages with a large photo-like picture, and "scans" (one page-sized
 * picture per page). The pictures are smooth, noise-free colour fields with soft detail, so JPEG
 * re-encoding and down-sampling shrink them the way they shrink photographs.
 */

export const PAGE_TEXT = ['Harbour survey page one', 'Harbour survey page two', 'Harbour survey page three'];

/** A photo-like RGB picture: overlapping soft waves over a diagonal gradient, different per `seed`. */
export function photoPng(width: number, height: number, seed = 0): Buffer {
  const paint = (x: number, y: number): Rgb => {
    const u = x / width;
    const v = y / height;
    const wave = (fx: number, fy: number, phase: number) => Math.sin((u * fx + v * fy) * Math.PI * 2 + phase + seed);
    const r = 128 + 60 * wave(3.1, 1.7, 0) + 50 * Math.sin(u * 23 + seed) * Math.cos(v * 17);
    const g = 120 + 70 * wave(1.3, 4.2, 1) + 40 * Math.cos(u * 31 - v * 11 + seed);
    const b = 110 + 80 * wave(2.2, 2.9, 2) + 30 * Math.sin((u + v) * 41 + seed);
    const clamp = (c: number) => Math.max(0, Math.min(255, Math.round(c)));
    return [clamp(r), clamp(g), clamp(b)];
  };
  return pngBytes(width, height, paint);
}

/** Three A4 pages, each with a line of `PAGE_TEXT` and the same `imagePixels`-wide picture below it. */
export async function picturePdf(imagePixels = 1800): Promise<Uint8Array> {
  const picture = photoPng(imagePixels, Math.round(imagePixels * 0.75));
  return renderPdf((doc) => {
    PAGE_TEXT.forEach((line, index) => {
      if (index > 0) doc.addPage();
      doc.font('Helvetica').fontSize(18).text(line, 72, 72);
      doc.fontSize(11).text('Soundings were taken at every berth and the results are shown below.', 72, 110);
      doc.image(picture, 72, 140, { width: 451 });
    });
  });
}

/**
 * `pages` A4 pages that look like a scan: each page one picture covering the page at `dpi`
 * (A4 is 8.27 x 11.69 in), with a line of text drawn over it so the pages can be told apart.
 */
export async function scannedPdf(pages: number, dpi: number): Promise<Uint8Array> {
  const width = Math.round(8.27 * dpi);
  const height = Math.round(11.69 * dpi);
  const pictures = [0, 1, 2].map((seed) => photoPng(width, height, seed));
  return renderPdf(
    (doc) => {
      for (let page = 0; page < pages; page++) {
        if (page > 0) doc.addPage();
        doc.image(pictures[page % pictures.length]!, 0, 0, { width: 595.28, height: 841.89 });
        doc.font('Helvetica').fontSize(14).fillColor('black').text(`Scanned page ${page + 1}`, 72, 72);
      }
    },
    { margin: 0 },
  );
}

/** Runs a checking tool (qpdf, pdfinfo, pdftotext, pdfimages) and returns what it said, whatever its exit code. */
export function check(command: string, args: string[]): { code: number; out: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  return { code: result.status ?? -1, out: `${result.stdout}${result.stderr}` };
}

/** Live processes (zombies are dead) whose command line mentions `marker`, read from /proc. */
export function processesMentioning(marker: string): { pid: number; cmdline: string }[] {
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state !== 'Z' && cmdline.includes(marker)) found.push({ pid: Number(entry), cmdline });
    } catch {
      // The process ended while we read it.
    }
  }
  return found;
}

/** The PdfToolError a tool call rejected with (failing the test when it resolved or threw anything else). */
export async function rejection(promise: Promise<unknown>): Promise<PdfToolError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdfToolError);
  return error as PdfToolError;
}
