/**
 * PDF compression (issue 30, api/pdf/compress.ts) on two generated PDFs:
 *   - a 50-page scan: every page one JPEG of a rendered page (text and a picture) at 150, 200 or
 *     300 dpi in turn, as a scanner writes them;
 *   - three pages of text with a large lossless (Flate) picture each, as office exports write them.
 * For each: plain Ghostscript at /screen, /ebook and /printer (its command line as documented),
 * our compressor at the same presets, and ours with "at most N MB" targets, in the same run.
 * Prints bytes, the ratio to the input, seconds and Ghostscript runs. Run:
 * `npm run bench -- pdf-compress` or `npx tsx tests/bench/pdf-compress.ts`.
 *
 * Targets: every target that gs /screen reaches is reached; at each preset (the same image
 * resolution) our result is at most gs's size.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compressPdf, type CompressResult } from '../../api/pdf/compress';
import { photoPng, picturePdf } from '../../api/pdf/test-support';
import { renderPdf } from '../helpers/fixtures/pdfs';

const SCAN_PAGES = 50;
const SCAN_DPI = [150, 200, 300];
const PRESETS = ['screen', 'ebook', 'printer'] as const;
const MB = 1_000_000;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-pdf-compress-'));
const limits = { timeoutMs: 30 * 60_000, cwd: dir };
let misses = 0;

/** Pages of text and a small distinct picture, to be "scanned". */
function scanSource(): Promise<Uint8Array> {
  return renderPdf((doc) => {
    for (let page = 0; page < SCAN_PAGES; page++) {
      if (page > 0) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(20).text(`Inspection record ${page + 1}`);
      doc.moveDown().font('Helvetica').fontSize(11).text('The berth was inspected at low water. Fenders, bollards and the quay edge were found in order. '.repeat(6));
      doc.image(photoPng(640, 480, page), { width: 451 });
    }
  });
}

/** The scan: each source page rendered to a JPEG at its resolution, one picture per A4 page. */
async function scannedPdf(): Promise<Uint8Array> {
  const source = path.join(dir, 'scan-source.pdf');
  writeFileSync(source, await scanSource());
  const jpegs: Buffer[] = [];
  SCAN_DPI.forEach((dpi, k) => {
    const pages = Array.from({ length: SCAN_PAGES }, (_, i) => i + 1).filter((p) => (p - 1) % SCAN_DPI.length === k);
    const pattern = path.join(dir, `scan-${dpi}-%03d.jpg`);
    execFileSync('/usr/bin/gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=jpeg', `-r${dpi}`, '-dJPEGQ=85', `-sPageList=${pages.join(',')}`, `-sOutputFile=${pattern}`, source]);
    readdirSync(dir)
      .filter((f) => f.startsWith(`scan-${dpi}-`))
      .sort()
      .forEach((f, i) => (jpegs[pages[i]! - 1] = readFileSync(path.join(dir, f))));
  });
  return renderPdf(
    (doc) => {
      jpegs.forEach((jpeg, i) => {
        if (i > 0) doc.addPage();
        doc.image(jpeg, 0, 0, { width: 595.28, height: 841.89 });
      });
    },
    { margin: 0 },
  );
}

function gsPlain(input: string, preset: string): { bytes: number; seconds: number } {
  const output = path.join(dir, `gs-${preset}.pdf`);
  const started = performance.now();
  execFileSync('/usr/bin/gs', ['-sDEVICE=pdfwrite', `-dPDFSETTINGS=/${preset}`, '-dCompatibilityLevel=1.5', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-dQUIET', `-sOutputFile=${output}`, input]);
  return { bytes: statSync(output).size, seconds: (performance.now() - started) / 1000 };
}

async function ours(input: string, preset: (typeof PRESETS)[number], targetBytes?: number): Promise<CompressResult & { seconds: number }> {
  const started = performance.now();
  const result = await compressPdf(input, path.join(dir, 'ours.pdf'), { preset, targetBytes }, limits);
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

const size = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(26) : c.padStart(12))).join(' ');

function verdict(ok: boolean, what: string): string {
  if (!ok) misses += 1;
  return ok ? 'met' : `MISSED: ${what}`;
}

async function bench(name: string, bytes: Uint8Array): Promise<void> {
  const input = path.join(dir, `${name}.pdf`);
  writeFileSync(input, bytes);
  const before = bytes.length;
  console.log(`\n${name}: ${size(before)}, ${execFileSync('/usr/bin/qpdf', ['--show-npages', input], { encoding: 'utf8' }).trim()} pages`);
  console.log(row(['run', 'size', 'ratio', 'seconds', 'gs runs', 'image dpi', 'target']));
  const line = (label: string, b: number, seconds: number, extra: string[]) => console.log(row([label, size(b), (b / before).toFixed(3), seconds.toFixed(1), ...extra]));

  const gs: Record<string, number> = {};
  for (const preset of PRESETS) {
    const plain = gsPlain(input, preset);
    gs[preset] = plain.bytes;
    line(`gs /${preset}`, plain.bytes, plain.seconds, ['1', '', '']);
  }
  for (const preset of PRESETS) {
    const mine = await ours(input, preset);
    line(`ours ${preset}`, mine.bytesAfter, mine.seconds, [String(mine.gsRuns), String(mine.imageDpi), verdict(mine.bytesAfter <= gs[preset]!, `bigger than gs /${preset}`)]);
  }
  const targets = [...new Set([10 * MB, 5 * MB, 2 * MB, 1 * MB, 0.5 * MB, gs.screen!, 20_000])].filter((t) => t < before).sort((a, b) => b - a);
  for (const target of targets) {
    const mine = await ours(input, 'ebook', target);
    const screenReaches = gs.screen! <= target;
    const sameDpiOk = mine.imageDpi !== 150 || mine.bytesAfter <= gs.ebook!;
    const ok = (!screenReaches || mine.reachedTarget) && sameDpiOk;
    const why = !sameDpiOk ? 'bigger than gs /ebook at 150 dpi' : 'gs /screen reaches it, we did not';
    line(`ours ebook, at most ${size(target)}`, mine.bytesAfter, mine.seconds, [String(mine.gsRuns), String(mine.imageDpi), `${mine.reachedTarget ? 'reached' : 'not reached'}, ${verdict(ok, why)}`]);
  }
}

try {
  await bench('scan-50-pages', await scannedPdf());
  await bench('pictures-3-pages', await picturePdf(1800));
  console.log(`\n${misses === 0 ? 'Every target met.' : `${misses} target(s) missed.`}`);
  if (misses > 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
