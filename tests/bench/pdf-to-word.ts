/**
 * PDF → Word on every scored PDF of the corpus (tests/corpus/, each `*.pdf` with an
 * `.expected.md`): our engine next to LibreOffice's PDF import (what Stirling-PDF and ConvertX
 * use), in the same run. Run with `npm run bench -- pdf-to-word` or
 * `npx tsx tests/bench/pdf-to-word.ts`.
 *
 * Targets per document: word-order similarity ≥ 0.93, paragraphs within 25% of the ground
 * truth, no text boxes, the PDF's page count, under 10 s, and better than LibreOffice.
 *
 * Then the round trip (`pdf-roundtrip.ts`): Word files rendered to PDF and converted back,
 * scored against their own structure, development and test halves.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pdfToDocx } from '@engines/document/pdf-to-docx';
import { corpusPath, readCorpus, readExpected, scoredPdfs } from '../helpers/corpus';
import { markdownBlocks } from '../helpers/markdown-blocks';
import { readDocx } from '../helpers/read-pdf-results';
import { soffice, sofficeConvert } from '../helpers/roundtrip-libreoffice';
import { stripMarkdown, wordSimilarity } from '../helpers/word-similarity';
import { runRoundTrip } from './pdf-roundtrip';

interface Truth {
  name: string;
  pdf: Uint8Array;
  text: string;
  /** Paragraphs, headings and list items each once, a table once. */
  paragraphs: number;
  /** The same with a run of list items once (Markdown's blocks). */
  blocks: number;
  pages: number;
}

interface Figures {
  similarity: number;
  paragraphs: number;
  blocks: number;
  textBoxes: number;
  pages: number;
  ms: number;
}

function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

function scoredDocuments(): Truth[] {
  return scoredPdfs().map((f) => {
    const markdown = readExpected(f.replace(/\.pdf$/, '.expected.md'));
    return {
      name: f,
      pdf: readCorpus(f),
      text: stripMarkdown(markdown),
      paragraphs: markdownBlocks(markdown, { eachListItem: true }),
      blocks: markdownBlocks(markdown),
      pages: pdfPages(corpusPath(f)),
    };
  });
}

/** Non-empty body paragraphs, list items each once, a table once (as `markdownBlocks` counts). */
function bodyParagraphs(xml: string): number {
  const body = xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, '<w:p><w:t>table</w:t></w:p>');
  return (body.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).filter((p) => /<w:t(?: [^>]*)?>[^<]*\S[^<]*<\/w:t>/.test(p)).length;
}

async function measure(docx: Uint8Array, truth: Truth, ms: number): Promise<Figures> {
  const doc = await readDocx(docx);
  return { similarity: wordSimilarity(doc.text, truth.text), paragraphs: bodyParagraphs(doc.xml), blocks: doc.blocks, textBoxes: doc.textBoxes, pages: doc.pages, ms };
}

async function ours(truth: Truth): Promise<Figures> {
  const start = performance.now();
  const out = await pdfToDocx({ name: truth.name, bytes: truth.pdf });
  return measure(out.bytes, truth, performance.now() - start);
}

async function libreOffice(binary: string, dir: string, truth: Truth): Promise<Figures | string> {
  const input = path.join(dir, truth.name);
  writeFileSync(input, truth.pdf);
  const start = performance.now();
  sofficeConvert(binary, { profile: `${dir}/profile`, outDir: dir, inputs: [input], to: 'docx', infilter: 'writer_pdf_import' });
  const ms = performance.now() - start;
  const out = input.replace(/\.pdf$/, '.docx');
  // soffice exits 0 even when it failed.
  if (!existsSync(out)) return 'LibreOffice produced no file';
  return measure(new Uint8Array(readFileSync(out)), truth, ms);
}

function paragraphError(f: Figures, truth: Truth): number {
  return Math.abs(f.paragraphs - truth.paragraphs) / Math.max(1, truth.paragraphs);
}

function meetsTargets(f: Figures, truth: Truth): boolean {
  return f.similarity >= 0.93 && paragraphError(f, truth) <= 0.25 && f.textBoxes === 0 && f.pages === truth.pages && f.ms < 10_000;
}

/** Better on every figure that LibreOffice can be compared on, and not worse on any. */
function beats(a: Figures, b: Figures, truth: Truth): boolean {
  return a.similarity >= b.similarity && paragraphError(a, truth) <= paragraphError(b, truth) && a.textBoxes <= b.textBoxes && Math.abs(a.pages - truth.pages) <= Math.abs(b.pages - truth.pages);
}

const WIDTHS = [34, 13, 12, 20, 12, 11, 9, 9, 8];

function row(cells: string[]): string {
  return cells.map((cell, i) => cell.padEnd(WIDTHS[i] ?? 0)).join('');
}

function figuresRow(name: string, engine: string, f: Figures, truth: Truth, verdict: string): string {
  const paragraphs = `${f.paragraphs} / ${truth.paragraphs} (${Math.round(paragraphError(f, truth) * 100)}%)`;
  return row([name, engine, f.similarity.toFixed(4), paragraphs, `${f.blocks} / ${truth.blocks}`, String(f.textBoxes), `${f.pages} / ${truth.pages}`, String(Math.round(f.ms)), verdict]);
}

async function main(): Promise<void> {
  const documents = scoredDocuments();
  const binary = soffice();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lo-'));
  try {
    // LibreOffice's first start builds its profile; do that before timing anything.
    if (binary && documents[0]) await libreOffice(binary, dir, documents[0]);
    // Our first call loads pdf.js; warm it up the same way.
    if (documents[0]) await ours(documents[0]);
    console.log(`PDF → Word, ${documents.length} scored corpus PDFs (paragraphs: ours / ground truth, error; blocks: list runs once; pages: ours / PDF)`);
    console.log(row(['document', 'engine', 'similarity', 'paragraphs', 'blocks', 'text boxes', 'pages', 'ms', 'targets']));
    let failures = 0;
    for (const truth of documents) {
      const mine = await ours(truth);
      const lo = binary ? await libreOffice(binary, dir, truth) : 'LibreOffice not installed';
      const better = typeof lo === 'string' || beats(mine, lo, truth);
      const ok = meetsTargets(mine, truth) && better;
      if (!ok) failures++;
      console.log(figuresRow(truth.name, 'ours', mine, truth, `${meetsTargets(mine, truth) ? 'met' : 'MISSED'}${better ? '' : ', not better than LO'}`));
      console.log(typeof lo === 'string' ? row(['', `LibreOffice: ${lo}`]) : figuresRow('', 'LibreOffice', lo, truth, ''));
    }
    console.log(`${documents.length - failures} of ${documents.length} documents meet every target.`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
console.log('');
await runRoundTrip();
