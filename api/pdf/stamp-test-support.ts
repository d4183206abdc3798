import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { pngBytes } from '../../tests/helpers/fixtures/image-encoders.js';

/**
 * Test support for the stamps (api/pdf/stamp.test.ts, tests/api/pdf-stamp.test.ts; nothing in the
 * server imports it): a PDF with the page shapes that trip placement up, and readers built on
 * poppler and qpdf.
 */

/**
 * Four pages, each saying `Body page N`: A4 portrait, A4 landscape, A4 turned 90° by /Rotate
 * (shown landscape), and A4 shown through a 300 × 400 pt CropBox at (100, 100).
 */
export async function stampFixture(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const shapes: { size: [number, number]; text: [number, number] }[] = [
    { size: [595, 842], text: [60, 700] },
    { size: [842, 595], text: [60, 500] },
    { size: [595, 842], text: [60, 700] },
    { size: [595, 842], text: [150, 450] },
  ];
  shapes.forEach(({ size, text }, i) => {
    const page = doc.addPage(size);
    page.drawText(`Body page ${i + 1}`, { x: text[0], y: text[1], size: 14, font });
    if (i === 2) page.setRotation(degrees(90));
    if (i === 3) page.setCropBox(100, 100, 300, 400);
  });
  return doc.save();
}

/** A small opaque PNG (a diagonal colour ramp), as a data URL. */
export function pngDataUrl(width = 120, height = 60): string {
  const png = pngBytes(width, height, (x, y) => [Math.round((255 * x) / width), Math.round((255 * y) / height), 90]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function withFile<T>(bytes: Uint8Array, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'stamp-check-'));
  try {
    const file = join(dir, 'check.pdf');
    writeFileSync(file, bytes);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(tool: string, args: string[]): string {
  const res = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`${tool} failed (${res.status}): ${res.stderr}`);
  return res.stdout;
}

/** Bidi controls pdftotext puts around right-to-left text (RLE, PDF, LRE…), which are not the text. */
export const withoutBidiMarks = (text: string): string => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/** Each page's words with their boxes, from `pdftotext -bbox` (points, the page as shown, y down). */
export function pageWords(bytes: Uint8Array): { width: number; height: number; words: { text: string; xMin: number; yMin: number; xMax: number; yMax: number }[] }[] {
  return withFile(bytes, (file) => {
    const html = run('pdftotext', ['-bbox', file, '-']);
    return html
      .split('<page ')
      .slice(1)
      .map((chunk) => {
        const head = /width="([\d.]+)" height="([\d.]+)"/.exec(chunk);
        const words = [...chunk.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((m) => ({
          text: withoutBidiMarks(m[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')),
          xMin: Number(m[1]),
          yMin: Number(m[2]),
          xMax: Number(m[3]),
          yMax: Number(m[4]),
        }));
        return { width: Number(head?.[1]), height: Number(head?.[2]), words };
      });
  });
}

/** The fill alphas (`/ca`) of every ExtGState in the file, read from qpdf's uncompressed rewrite. */
export function fillAlphas(bytes: Uint8Array): number[] {
  return withFile(bytes, (file) => {
    const out = `${file}.qdf`;
    run('qpdf', ['--qdf', '--object-streams=disable', file, out]);
    const text = run('grep', ['-a', '-o', '/ca [0-9.]*', out]);
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split(' ')[1]));
  });
}

/** `pdffonts`' rows: name, type, and whether embedded, subset and with a ToUnicode map. */
export function pdfFonts(bytes: Uint8Array): { name: string; type: string; emb: boolean; sub: boolean; uni: boolean }[] {
  return withFile(bytes, (file) =>
    run('pdffonts', [file])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        const flags = cols.slice(-5, -2);
        return { name: cols[0]!, type: cols.slice(1, -6).join(' '), emb: flags[0] === 'yes', sub: flags[1] === 'yes', uni: flags[2] === 'yes' };
      }),
  );
}
