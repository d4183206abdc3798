/**
 * PDF → Word on the shared corpus's multi_page.pdf: our engine next to LibreOffice's PDF import
 * (what Stirling-PDF and ConvertX use). Run with `npx tsx tests/bench/pdf-to-word.ts`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pdfToDocx } from '@engines/document/pdf-to-docx';
import { readDocx } from '../helpers/read-pdf-results';
import { stripMarkdown, wordSimilarity } from '../helpers/word-similarity';

const corpus = path.resolve(process.cwd(), '../shared/corpus');
const pdfPath = path.join(corpus, 'multi_page.pdf');
const expectedPath = path.join(corpus, 'multi_page.expected.md');

interface Figures {
  similarity: number;
  pages: number;
  blocks: number;
  paragraphs: number;
  textBoxes: number;
  ms: string;
}

async function measure(docx: Uint8Array, expected: string, ms: string): Promise<Figures> {
  const doc = await readDocx(docx);
  return { similarity: wordSimilarity(doc.text, expected), pages: doc.pages, blocks: doc.blocks, paragraphs: doc.paragraphs.length, textBoxes: doc.textBoxes, ms };
}

async function ours(pdf: Uint8Array, expected: string): Promise<Figures> {
  let start = performance.now();
  const first = await pdfToDocx({ name: 'multi_page.pdf', bytes: pdf });
  const cold = performance.now() - start;
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) {
    start = performance.now();
    await pdfToDocx({ name: 'multi_page.pdf', bytes: pdf });
    warm.push(performance.now() - start);
  }
  warm.sort((a, b) => a - b);
  return measure(first.bytes, expected, `${Math.round(warm[1]!)} (first call ${Math.round(cold)})`);
}

function soffice(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v soffice || command -v libreoffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

async function libreOffice(binary: string, expected: string): Promise<Figures | string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lo-'));
  try {
    writeFileSync(path.join(dir, 'multi_page.pdf'), readFileSync(pdfPath));
    const args = [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--infilter=writer_pdf_import', '--convert-to', 'docx', '--outdir', dir, path.join(dir, 'multi_page.pdf')];
    // The first start builds the profile; time the second run only.
    execFileSync(binary, args, { stdio: 'ignore', timeout: 120_000 });
    const start = performance.now();
    execFileSync(binary, args, { stdio: 'ignore', timeout: 120_000 });
    const ms = performance.now() - start;
    const out = path.join(dir, 'multi_page.docx');
    // soffice exits 0 even when it failed.
    if (!existsSync(out)) return 'LibreOffice produced no file';
    return measure(new Uint8Array(readFileSync(out)), expected, String(Math.round(ms)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const WIDTHS = [13, 12, 7, 28, 12];

function row(cells: string[]): string {
  return cells.map((cell, i) => cell.padEnd(WIDTHS[i] ?? 0)).join('');
}

function figuresRow(name: string, f: Figures): string {
  return row([name, f.similarity.toFixed(4), String(f.pages), `${f.blocks} / ${f.paragraphs}`, String(f.textBoxes), f.ms]);
}

async function main(): Promise<void> {
  if (!existsSync(pdfPath) || !existsSync(expectedPath)) {
    console.log(`multi_page.pdf not found in ${corpus}: benchmark skipped.`);
    return;
  }
  const pdf = new Uint8Array(readFileSync(pdfPath));
  const expected = stripMarkdown(readFileSync(expectedPath, 'utf8'));
  console.log('PDF → Word, multi_page.pdf (ground truth: 5 pages, 35 paragraphs as Markdown blocks, 53 lines)');
  console.log(row(['engine', 'similarity', 'pages', 'paragraphs (blocks / raw)', 'text boxes', 'ms']));
  console.log(figuresRow('ours', await ours(pdf, expected)));
  const binary = soffice();
  if (!binary) {
    console.log('LibreOffice not installed, skipped');
    return;
  }
  const lo = await libreOffice(binary, expected);
  console.log(typeof lo === 'string' ? `LibreOffice: ${lo}` : figuresRow('LibreOffice', lo));
}

await main();
