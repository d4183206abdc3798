/**
 * Searchable scans (issue 30, part 8) on documents nobody tuned on. The scanned-page benchmark's
 * documents and halves (`helpers/scan-samples.ts`: the corpus PDFs and the round-trip corpus as
 * LibreOffice renders it, each in the half a hash of its name decided once) are rasterised at 300
 * and 150 dpi, wrapped back as picture-only PDFs, and made searchable by the tool as the server
 * runs it (`ocrPdf`: OCRmyPDF with Tesseract, the default languages English + Simplified Chinese).
 * What `pdftotext` reads from the result is scored against what it reads from the original page:
 *   - character error rate (CER) in `pdftotext`'s reading order: the same reader on both sides, so
 *     a block read in another order counts as errors;
 *   - words found: the share of the original's words (Latin words of 3+ letters; for Chinese every
 *     two-character run) that a search of the result finds: what a user of a searchable scan does.
 * Baseline in the same run: the picture-only PDF, where a search finds nothing (0%), and Tesseract's
 * plain text of the same scan (its CER is the recogniser's own, without the PDF's text layer).
 * `npm run bench -- pdf-ocr-searchable` prints the test half; `-- --dev` the development half.
 * Pages scored: the first of each document, the first two of a Chinese one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { editDistance, normaliseForCer } from '@engines/reading/cer';
import { hanShare } from '@engines/reading/cjk';
import { ocrPdf } from '../../api/pdf/ocr';
import type { Half } from '../helpers/roundtrip-corpus';
import { pdfPages, scanOfPdf } from '../helpers/scan-pdf';
import { cpuSeconds, READ_SCRIPTS, scanSamples, type ScanSample, type ScanScore } from './helpers/scan-samples';

const DPIS = [300, 150] as const;
/** Issue 30's bar for the OCR text of a scan. */
const TARGET_CER = 0.05;
const half: Half = process.argv.includes('--dev') ? 'dev' : 'test';

type Lang = ScanScore['lang'];
interface Score extends ScanScore {
  /** The original's search terms, and how many a search of the result finds. */
  words: number;
  found: number;
}

function pdftotext(file: string): string {
  const res = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`pdftotext failed: ${res.stderr}`);
  return res.stdout;
}

/** Tesseract's own text of the scan, page by page (the recogniser without the PDF layer). */
function tesseractText(scanFile: string, dpi: number, dir: string): string {
  spawnSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', scanFile, path.join(dir, 'p')]);
  return readdirSync(dir)
    .filter((f) => f.startsWith('p') && f.endsWith('.png'))
    .sort()
    .map((f) => spawnSync('tesseract', [path.join(dir, f), '-', '--dpi', String(dpi), '-l', 'eng+chi_sim'], { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' } }).stdout)
    .join('\n');
}

/** What a search looks for: Latin words of 3+ letters, lower case; every run of two Han characters. */
function searchTerms(text: string): string[] {
  const normal = text.normalize('NFKC').toLowerCase();
  const latin = normal.match(/\p{Script=Latin}{3,}/gu) ?? [];
  const han: string[] = [];
  for (const run of normal.match(/\p{Script=Han}+/gu) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) han.push(chars[i]! + chars[i + 1]!);
  }
  return [...latin, ...han];
}

/** How many of `terms` a viewer's search finds in `text` (case and spacing between Han characters ignored, as viewers do). */
function foundCount(terms: readonly string[], text: string): number {
  const haystack = normaliseForCer(text).toLowerCase();
  const latinWords = new Set(haystack.match(/\p{Script=Latin}{3,}/gu) ?? []);
  return terms.filter((t) => (/\p{Script=Han}/u.test(t) ? haystack.includes(t) : latinWords.has(t))).length;
}

async function score(sample: ScanSample): Promise<Score[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ocr-searchable-'));
  try {
    writeFileSync(path.join(dir, 'whole.pdf'), sample.pdf);
    const whole = pdftotext(path.join(dir, 'whole.pdf'));
    const letters = [...whole].filter((c) => /\p{L}/u.test(c));
    if (letters.length < 20 || letters.filter((c) => READ_SCRIPTS.test(c)).length < 0.95 * letters.length) return [];
    const lang: Lang = hanShare(whole) > 0.3 ? 'zh' : 'en';
    const original = await pdfPages(sample.pdf, 1, lang === 'zh' ? 2 : 1);
    const pages = (await PDFDocument.load(original)).getPageCount();
    writeFileSync(path.join(dir, 'original.pdf'), original);
    const reference = pdftotext(path.join(dir, 'original.pdf'));
    const ref = normaliseForCer(reference);
    if (ref.length < 20) return [];
    const terms = searchTerms(reference);
    const out: Score[] = [];
    for (const dpi of DPIS) {
      const scanFile = path.join(dir, `scan-${dpi}.pdf`);
      const resultFile = path.join(dir, `searchable-${dpi}.pdf`);
      writeFileSync(scanFile, await scanOfPdf(original, dpi));
      const cpu = cpuSeconds();
      const started = performance.now();
      await ocrPdf(scanFile, resultFile, { languages: ['eng', 'chi_sim'], deskew: false }, { timeoutMs: 10 * 60_000, cwd: dir });
      const seconds = (performance.now() - started) / 1000;
      const cpuUsed = cpuSeconds() - cpu;
      const text = pdftotext(resultFile);
      const baseDir = mkdtempSync(path.join(dir, 'tess-'));
      const baseline = tesseractText(scanFile, dpi, baseDir);
      out.push({
        file: sample.file,
        lang,
        dpi,
        pages,
        refChars: [...ref].length,
        edits: editDistance(ref, normaliseForCer(text)),
        baselineEdits: editDistance(ref, normaliseForCer(baseline)),
        words: terms.length,
        found: foundCount(terms, text),
        seconds,
        cpu: cpuUsed,
      });
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (value: number) => `${(value * 100).toFixed(2)}%`;

const scores: Score[] = [];
for (const sample of scanSamples(half)) {
  const rows = await score(sample).catch((error: unknown) => {
    console.log(`${sample.file}: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  });
  for (const r of rows) {
    console.log(
      `${r.file.padEnd(48)} ${r.lang} ${r.dpi}dpi  CER ${pct(r.edits / r.refChars).padStart(7)}  tesseract ${pct(r.baselineEdits / r.refChars).padStart(7)}  words found ${r.found}/${r.words}  ${(r.seconds / r.pages).toFixed(1)} s/page (CPU ${(r.cpu / r.pages).toFixed(1)} s)`,
    );
  }
  scores.push(...rows);
}

console.log(`\nLoad average while measuring: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${availableParallelism()} cores.`);
console.log(`\nSearchable scans, ${half} half (${new Set(scores.map((s) => s.file)).size} documents). CER = edits / reference characters, summed over pages; words found = search hits / the original's words (the scan alone: 0).`);
let failed = false;
for (const lang of ['en', 'zh'] as const) {
  for (const dpi of DPIS) {
    const rows = scores.filter((s) => s.lang === lang && s.dpi === dpi);
    if (rows.length === 0) continue;
    const chars = rows.reduce((s, r) => s + r.refChars, 0);
    const cer = rows.reduce((s, r) => s + r.edits, 0) / chars;
    const base = rows.reduce((s, r) => s + r.baselineEdits, 0) / chars;
    const words = rows.reduce((s, r) => s + r.words, 0);
    const found = rows.reduce((s, r) => s + r.found, 0);
    const pages = rows.reduce((s, r) => s + r.pages, 0);
    const perPage = rows.reduce((s, r) => s + r.seconds, 0) / pages;
    const cpu = rows.reduce((s, r) => s + r.cpu, 0) / pages;
    const perPageCer = rows.map((r) => r.edits / r.refChars).sort((a, b) => a - b);
    const median = perPageCer[Math.floor(perPageCer.length / 2)]!;
    const within = perPageCer.filter((c) => c <= TARGET_CER).length;
    const ok = cer <= TARGET_CER;
    failed ||= !ok;
    console.log(
      `${lang} ${dpi} dpi: ${rows.length} documents, ${pages} pages, ${chars} chars  CER ${pct(cer)} (Tesseract's plain text ${pct(base)}; median document ${pct(median)}, ${within} of ${rows.length} within ${pct(TARGET_CER)})  ` +
        `words found ${found}/${words} = ${pct(found / Math.max(words, 1))}  ${perPage.toFixed(1)} s/page wall, ${cpu.toFixed(1)} s CPU  target CER ≤ ${pct(TARGET_CER)}: ${ok ? 'met' : 'NOT met'}`,
    );
  }
}
if (failed) process.exitCode = 1;
