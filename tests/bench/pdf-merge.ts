/**
 * PDF merge: 100 generated PDFs of 1,000 pages in all (text in a standard font, three page sizes,
 * every seventh page turned) merged by our engine (engines/pdf/merge.ts), next to two figures from
 * the same run: pdf-lib loading and saving one file of the same 1,000 pages (the floor for any
 * pdf-lib merge) and qpdf merging the same 100 files. Each is measured in a fresh process, so the
 * peak RSS is its own. Run: `npm run bench -- pdf-merge` or `npx tsx tests/bench/pdf-merge.ts`.
 *
 * Target on 2 cores: the merge under 15 s.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { mergePdfs } from '@engines/pdf/merge';

const FILES = 100;
const PAGES = 1_000;
const TARGET_MS = 15_000;
const SIZES: Array<[number, number]> = [[595.28, 841.89], [612, 792], [841.89, 595.28]];

interface Figures {
  ms: number;
  rssMb: number;
  pages: number;
}

async function makePdf(firstPage: number, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = firstPage; p < firstPage + pages; p++) {
    const page = doc.addPage(SIZES[p % SIZES.length]);
    for (let line = 0; line < 40; line++) {
      page.drawText(`Page ${p + 1}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 40, y: page.getHeight() - 50 - line * 14, size: 10, font });
    }
    if (p % 7 === 0) page.setRotation(degrees(90));
  }
  return doc.save();
}

function pdfPages(file: string): number {
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 0);
}

/** One measurement, run in this same file as a child process (`--measure <what> <dir>`). */
async function measureHere(what: string, dir: string): Promise<void> {
  const inputs = readdirSync(dir).filter((f) => /^part-\d+\.pdf$/.test(f)).sort();
  const out = path.join(dir, `${what}.out.pdf`);
  const start = performance.now();
  let rssKb = 0;
  if (what === 'ours') {
    const files = inputs.map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(path.join(dir, f))) }));
    writeFileSync(out, (await mergePdfs(files)).bytes);
  } else if (what === 'pdf-lib') {
    const doc = await PDFDocument.load(readFileSync(path.join(dir, 'whole.pdf')), { updateMetadata: false });
    writeFileSync(out, await doc.save());
  } else {
    // GNU time reports qpdf's own peak (this process's figure leaves children out).
    const qpdf = ['qpdf', '--empty', '--pages', ...inputs.map((f) => path.join(dir, f)), '--', out];
    const res = spawnSync('/usr/bin/time', ['-f', '%M', ...qpdf], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`qpdf failed: ${res.stderr}`);
    rssKb = Number(res.stderr.trim().split('\n').pop());
  }
  const ms = performance.now() - start;
  if (what !== 'qpdf') rssKb = process.resourceUsage().maxRSS;
  console.log(JSON.stringify({ ms, rssMb: rssKb / 1024, pages: pdfPages(out) } satisfies Figures));
}

function measure(what: string, dir: string): Figures {
  const res = spawnSync('npx', ['tsx', fileURLToPath(import.meta.url), '--measure', what, dir], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${what} failed: ${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').pop() ?? '{}') as Figures;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pdf-merge-'));
  try {
    const per = PAGES / FILES;
    for (let i = 0; i < FILES; i++) writeFileSync(path.join(dir, `part-${String(i).padStart(3, '0')}.pdf`), await makePdf(i * per, per));
    writeFileSync(path.join(dir, 'whole.pdf'), await makePdf(0, PAGES));
    const ours = measure('ours', dir);
    const floor = measure('pdf-lib', dir);
    const qpdf = measure('qpdf', dir);
    console.log(`PDF merge, ${FILES} files, ${PAGES} pages`);
    for (const [name, f] of [['ours (mergePdfs)', ours], ['pdf-lib load+save of one 1,000-page file', floor], ['qpdf --empty --pages', qpdf]] as const) {
      console.log(`${name.padEnd(44)}${String(Math.round(f.ms)).padStart(7)} ms ${f.rssMb.toFixed(0).padStart(6)} MB peak RSS ${String(f.pages).padStart(6)} pages`);
    }
    console.log(`ours / pdf-lib floor: ${(ours.ms / floor.ms).toFixed(2)}x time, ${(ours.rssMb / floor.rssMb).toFixed(2)}x RSS; ours / qpdf: ${(ours.ms / qpdf.ms).toFixed(2)}x time`);
    const ok = ours.ms < TARGET_MS && ours.pages === PAGES;
    console.log(ok ? `Target met: under ${TARGET_MS / 1000} s with all ${PAGES} pages.` : `TARGET MISSED: ${Math.round(ours.ms)} ms, ${ours.pages} pages.`);
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const measureAt = process.argv.indexOf('--measure');
if (measureAt >= 0) await measureHere(process.argv[measureAt + 1] ?? '', process.argv[measureAt + 2] ?? '');
else await main();
