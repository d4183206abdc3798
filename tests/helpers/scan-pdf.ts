import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';

/**
 * Any PDF made into what a scanner gives (issue 29, scanned pages): each page rasterised by
 * Poppler at `dpi`, in colour, saved as JPEG (as phone scanners and copiers do), and the pictures
 * alone wrapped back into a PDF with the pages' sizes. No text is left in it.
 */
export async function scanOfPdf(pdf: Uint8Array, dpi: number, opts: { firstPage?: number; lastPage?: number; quality?: number } = {}): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'scan-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const range = [...(opts.firstPage ? ['-f', String(opts.firstPage)] : []), ...(opts.lastPage ? ['-l', String(opts.lastPage)] : [])];
    const res = spawnSync('pdftoppm', [...range, '-r', String(dpi), '-cropbox', '-jpeg', '-jpegopt', `quality=${opts.quality ?? 85}`, join(dir, 'in.pdf'), join(dir, 'page')]);
    if (res.status !== 0) throw new Error(`pdftoppm failed: ${String(res.stderr)}`);
    const doc = await PDFDocument.create();
    const files = readdirSync(dir)
      .filter((f) => f.startsWith('page') && f.endsWith('.jpg'))
      .sort((a, b) => Number(/(\d+)\.jpg$/.exec(a)?.[1]) - Number(/(\d+)\.jpg$/.exec(b)?.[1]));
    for (const file of files) {
      const jpg = await doc.embedJpg(readFileSync(join(dir, file)));
      // The picture's pixels at `dpi` give back the page's size in points.
      const width = (jpg.width * 72) / dpi;
      const height = (jpg.height * 72) / dpi;
      doc.addPage([width, height]).drawImage(jpg, { x: 0, y: 0, width, height });
    }
    return await doc.save();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pages `first`..`last` of a PDF as a PDF of their own (the text layer kept): the reference a scan is scored against. */
export async function pdfPages(pdf: Uint8Array, first: number, last: number): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf, { ignoreEncryption: true });
  const doc = await PDFDocument.create();
  const indices = source.getPageIndices().filter((i) => i + 1 >= first && i + 1 <= last);
  for (const page of await doc.copyPages(source, indices)) doc.addPage(page);
  return doc.save();
}
