/**
 * Scanned pages made editable (issue 29, part 4): corpus PDFs (tests/corpus/*.pdf, and the
 * round-trip corpus rendered to PDF by LibreOffice) are rasterised at 300 and 150 dpi, wrapped
 * back as picture-only PDFs, and converted to Word by our engine with the server's recogniser
 * (pdftoppm + Tesseract). The Word file's text is scored against the Word file the original
 * PDF's text layer gives (same engine, no OCR): character error rate, by language and dpi, and
 * seconds per page. Baseline in the same run: Tesseract's own plain text of the same scan.
 *
 * Halves: a file's half is a hash of its name (tests/helpers/roundtrip-corpus.ts `halfOf`),
 * decided once; the development half decided the thresholds, the test half only reports.
 * `npm run bench -- pdf-scan-ocr` prints the test half; `-- --dev` the development half.
 * Pages scored: the first of each document, the first two of a Chinese one (fewer exist).
 * Documents in other scripts (Japanese kana, Arabic, Hebrew) are left out: eng + chi_sim only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { pdfToDocx } from '@engines/document/pdf-to-docx';
import { docxToTxt } from '@engines/document/docx-to-txt';
import { editDistance, normaliseForCer } from '@engines/reading/cer';
import { hanShare } from '@engines/reading/cjk';
import { recognisePageWithTesseract } from '../../api/engine-threads/page-ocr';
import type { Half } from '../helpers/roundtrip-corpus';
import { pdfPages, scanOfPdf } from '../helpers/scan-pdf';
import { cpuSeconds, READ_SCRIPTS, scanSamples, type ScanSample, type ScanScore } from './helpers/scan-samples';

const DPIS = [300, 150] as const;
/** Issue 29's bar: CER at each dpi, and seconds per page. */
const TARGET = { 300: 0.03, 150: 0.05, secondsPerPage: 15 };
/** Tesseract's own text this far from the text layer means the layer is not what the page shows (hidden or white text). */
const LAYER_MISMATCH = 0.2;

type Lang = ScanScore['lang'];
interface Score extends ScanScore {
  textBoxes: number;
  paragraphs: number;
  confidence: number;
}

const half: Half = process.argv.includes('--dev') ? 'dev' : 'test';

async function wordText(pdf: Uint8Array, ocr: boolean) {
  const cpu = cpuSeconds();
  const start = performance.now();
  const out = await pdfToDocx({ name: 'page.pdf', bytes: pdf }, ocr ? { recognise: recognisePageWithTesseract } : {});
  const seconds = (performance.now() - start) / 1000;
  const cpuUsed = cpuSeconds() - cpu;
  const text = new TextDecoder().decode((await docxToTxt({ name: 'page.docx', bytes: out.bytes })).bytes);
  const xml = (await (await JSZip.loadAsync(out.bytes)).file('word/document.xml')?.async('string')) ?? '';
  return {
    text,
    seconds,
    cpuUsed,
    recognised: out.recognised ?? [],
    textBoxes: (xml.match(/<w:txbxContent|<v:textbox|<wps:txbx/g) ?? []).length,
    paragraphs: (xml.match(/<w:p[ >]/g) ?? []).length,
  };
}

/** Tesseract's own text of the scan, page by page: the baseline. */
function tesseractText(scan: Uint8Array, dpi: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'scan-ocr-base-'));
  try {
    writeFileSync(path.join(dir, 'scan.pdf'), scan);
    spawnSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', path.join(dir, 'scan.pdf'), path.join(dir, 'p')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => spawnSync('tesseract', [path.join(dir, f), '-', '--dpi', String(dpi), '-l', 'eng+chi_sim'], { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' } }).stdout)
      .join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function edits(reference: string, hypothesis: string): { edits: number; chars: number } {
  const ref = normaliseForCer(reference);
  return { edits: editDistance(ref, normaliseForCer(hypothesis)), chars: [...ref].length };
}

async function score(sample: ScanSample): Promise<Score[]> {
  const whole = await wordText(sample.pdf, false);
  const letters = [...whole.text].filter((c) => /\p{L}/u.test(c));
  if (letters.filter((c) => READ_SCRIPTS.test(c)).length < 0.95 * letters.length) return [];
  const lang: Lang = hanShare(whole.text) > 0.3 ? 'zh' : 'en';
  const last = lang === 'zh' ? 2 : 1;
  const original = await pdfPages(sample.pdf, 1, last);
  const reference = await wordText(original, false);
  const pages = (await PDFDocument.load(original)).getPageCount();
  if (normaliseForCer(reference.text).length < 20) return [];
  const out: Score[] = [];
  for (const dpi of DPIS) {
    const scan = await scanOfPdf(original, dpi);
    const ours = await wordText(scan, true);
    const mine = edits(reference.text, ours.text);
    const base = edits(reference.text, tesseractText(scan, dpi));
    const conf = ours.recognised.length ? ours.recognised.reduce((s, r) => s + r.confidence, 0) / ours.recognised.length : 0;
    out.push({ file: sample.file, lang, dpi, pages, refChars: mine.chars, edits: mine.edits, baselineEdits: base.edits, seconds: ours.seconds, cpu: ours.cpuUsed, textBoxes: ours.textBoxes, paragraphs: ours.paragraphs, confidence: conf });
  }
  return out;
}

function pct(value: number): string {
  return `${(value * 100).toFixed(2)}%`;
}

const samples = scanSamples(half);
const scores: Score[] = [];
for (const sample of samples) {
  const rows = await score(sample).catch((error: unknown) => {
    console.log(`${sample.file}: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  });
  for (const r of rows) {
    console.log(`${r.file.padEnd(48)} ${r.lang} ${r.dpi}dpi  CER ${pct(r.edits / r.refChars).padStart(7)}  tesseract ${pct(r.baselineEdits / r.refChars).padStart(7)}  ${(r.seconds / r.pages).toFixed(1)} s/page (CPU ${(r.cpu / r.pages).toFixed(1)} s)  conf ${r.confidence.toFixed(0)}  paragraphs ${r.paragraphs}  text boxes ${r.textBoxes}`);
  }
  scores.push(...rows);
}

console.log(`\nLoad average while measuring: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${availableParallelism()} cores.`);
console.log(`\nScanned pages, ${half} half (${new Set(scores.map((s) => s.file)).size} documents). CER = edits / reference characters, summed over pages.`);
function summary(label: string, rows: Score[]): boolean {
  const chars = rows.reduce((s, r) => s + r.refChars, 0);
  const cer = rows.reduce((s, r) => s + r.edits, 0) / chars;
  const base = rows.reduce((s, r) => s + r.baselineEdits, 0) / chars;
  const pages = rows.reduce((s, r) => s + r.pages, 0);
  const perPage = rows.reduce((s, r) => s + r.seconds, 0) / pages;
  const cpu = rows.reduce((s, r) => s + r.cpu, 0) / pages;
  const worst = Math.max(...rows.map((r) => r.seconds / r.pages));
  const boxes = rows.reduce((s, r) => s + r.textBoxes, 0);
  const dpi = rows[0]!.dpi as 300 | 150;
  const ok = cer <= TARGET[dpi] && perPage < TARGET.secondsPerPage && boxes === 0;
  console.log(
    `${label}: ${rows.length} documents, ${pages} pages, ${chars} chars  CER ${pct(cer)} (Tesseract's plain text ${pct(base)}, ratio ${(cer / Math.max(base, 1e-9)).toFixed(2)})  ` +
      `${perPage.toFixed(1)} s/page wall, ${cpu.toFixed(1)} s CPU (slowest ${worst.toFixed(1)} s)  text boxes ${boxes}  target CER ≤ ${pct(TARGET[dpi])}, < ${TARGET.secondsPerPage} s/page: ${ok ? 'met' : 'NOT met'}`,
  );
  return ok;
}

let failed = false;
for (const lang of ['en', 'zh'] as const) {
  for (const dpi of DPIS) {
    const rows = scores.filter((s) => s.lang === lang && s.dpi === dpi);
    if (rows.length === 0) continue;
    failed = !summary(`${lang} ${dpi} dpi, all pages`, rows) || failed;
    // Pages whose text layer is not what they show score both readers badly; they are named, and left out of this second line only.
    const shown = rows.filter((r) => r.baselineEdits / r.refChars <= LAYER_MISMATCH);
    const hidden = rows.filter((r) => r.baselineEdits / r.refChars > LAYER_MISMATCH).map((r) => r.file);
    if (hidden.length && shown.length) summary(`${lang} ${dpi} dpi, without ${hidden.length} whose text layer differs from the page (${hidden.join(', ')})`, shown);
  }
}
if (failed) process.exitCode = 1;
