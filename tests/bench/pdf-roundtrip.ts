/**
 * Round trip: each Word or OpenDocument file of `tests/corpus/roundtrip/` is rendered to PDF by
 * LibreOffice, converted back to Word by our engine and by LibreOffice's PDF import in the same
 * run, and both results are scored against the original's structure (docs/fidelity-roundtrip.md).
 * The development half decides changes; the test half only reports. Run with
 * `npm run bench -- pdf-roundtrip` (or as part of `-- pdf-to-word`).
 *
 * LibreOffice's outputs (the PDFs, ODT originals saved as Word, its PDF import's Word files) are
 * cached in node_modules/.cache/roundtrip/ by content hash, so only the first run waits for it;
 * our engine converts every time. Delete that folder to measure LibreOffice again.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pdfToDocx } from '@engines/document/pdf-to-docx';
import { roundTripDocuments, type Half, type RoundTripDocument } from '../helpers/roundtrip-corpus';
import { convertMissing, ROUNDTRIP_CACHE as CACHE, ROUNDTRIP_PROFILE as PROFILE, soffice, sofficeConvert, sofficeVersion } from '../helpers/roundtrip-libreoffice';
import { meanOf, scoreRoundTrip, type RoundTripScores } from '../helpers/roundtrip-metrics';
import { readDocxStructure, type DocStructure } from '../helpers/roundtrip-structure';

/** Issue 29's bar for the test half: ours at least this and above LibreOffice. */
const TARGET = { similarity: 0.97, paragraphF1: 0.9 };

interface Run {
  scores: RoundTripScores | null;
  ms: number;
  error?: string;
}

interface Row {
  doc: RoundTripDocument;
  ours: Run;
  libreOffice: Run | null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function cached(doc: RoundTripDocument, ext: string): Uint8Array | null {
  const file = path.join(CACHE, `${doc.sha256}.${ext}`);
  return existsSync(file) ? new Uint8Array(readFileSync(file)) : null;
}

/** LibreOffice's PDF import, timed, cached per PDF and LibreOffice version. */
function libreOfficeImport(binary: string, version: string, pdf: Uint8Array): { docx: Uint8Array; ms: number } | string {
  const key = sha256(new TextEncoder().encode(`${sha256(pdf)} ${version}`));
  const out = path.join(CACHE, `lo-import-${key}.docx`);
  const timing = path.join(CACHE, `lo-import-${key}.json`);
  if (!existsSync(out)) {
    const dir = mkdtempSync(path.join(tmpdir(), 'roundtrip-lo-'));
    try {
      const input = path.join(dir, 'input.pdf');
      writeFileSync(input, pdf);
      const start = performance.now();
      sofficeConvert(binary, { profile: PROFILE, outDir: dir, inputs: [input], to: 'docx', infilter: 'writer_pdf_import' });
      const ms = performance.now() - start;
      if (!existsSync(path.join(dir, 'input.docx'))) return 'LibreOffice produced no file';
      copyFileSync(path.join(dir, 'input.docx'), out);
      writeFileSync(timing, JSON.stringify({ ms }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { docx: new Uint8Array(readFileSync(out)), ms: (JSON.parse(readFileSync(timing, 'utf8')) as { ms: number }).ms };
}

async function ours(doc: RoundTripDocument, pdf: Uint8Array, original: DocStructure): Promise<Run> {
  const start = performance.now();
  try {
    const out = await pdfToDocx({ name: doc.file.replace(/\.\w+$/, '.pdf'), bytes: pdf });
    const ms = performance.now() - start;
    return { scores: scoreRoundTrip(original, await readDocxStructure(out.bytes)), ms };
  } catch (error) {
    return { scores: null, ms: performance.now() - start, error: (error instanceof Error ? error.message : String(error)).slice(0, 160) };
  }
}

async function theirs(binary: string, version: string, pdf: Uint8Array, original: DocStructure): Promise<Run> {
  const result = libreOfficeImport(binary, version, pdf);
  if (typeof result === 'string') return { scores: null, ms: 0, error: result };
  return { scores: scoreRoundTrip(original, await readDocxStructure(result.docx)), ms: result.ms };
}

/** A failed conversion scores 0 on every figure the original gives something to score. */
function orZero(run: Run | null, key: keyof RoundTripScores, original: RoundTripScores): number | null {
  if (run?.scores) return run.scores[key];
  return original[key] === null ? null : 0;
}

const fmt = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(3));
const pad = (cells: string[], widths: number[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('');
const ROW_WIDTHS = [44, 6, 8, 8, 8, 8, 8, 8, 3, 8, 8, 8, 8];

function documentRow(row: Row, perfect: RoundTripScores): string {
  const o = (k: keyof RoundTripScores) => fmt(orZero(row.ours, k, perfect));
  const l = (k: keyof RoundTripScores) => (row.libreOffice ? fmt(orZero(row.libreOffice, k, perfect)) : 'n/a');
  const notes = [row.ours.error && `ours failed: ${row.ours.error}`, row.libreOffice?.error && `LibreOffice: ${row.libreOffice.error}`].filter(Boolean).join('; ');
  return pad([row.doc.file, row.doc.half, o('similarity'), o('paragraphF1'), o('headingF1'), o('listItemF1'), o('tableCellF1'), o('footnoteRecall'), '|', l('similarity'), l('paragraphF1'), String(Math.round(row.ours.ms)), String(Math.round(row.libreOffice?.ms ?? 0))], ROW_WIDTHS) + (notes ? `  ${notes}` : '');
}

const METRICS: [keyof RoundTripScores, string][] = [
  ['similarity', 'word-order similarity'],
  ['paragraphF1', 'paragraph-boundary F1'],
  ['headingF1', 'heading F1'],
  ['listItemF1', 'list-item F1'],
  ['tableCellF1', 'table-cell F1'],
  ['footnoteRecall', 'footnote recall'],
];

function summary(half: Half, rows: Row[], perfects: Map<string, RoundTripScores>): string[] {
  const mine = rows.filter((r) => r.doc.half === half);
  const lines = [`${half} half: ${mine.length} documents${half === 'test' ? ' (reports only: nothing is tuned on it)' : ' (decides changes)'}`];
  lines.push(pad(['  metric', 'ours', 'LibreOffice', 'documents'], [26, 10, 14, 10]));
  const means = new Map<keyof RoundTripScores, { ours: number | null; lo: number | null }>();
  for (const [key, label] of METRICS) {
    const ours = meanOf(mine.map((r) => orZero(r.ours, key, perfects.get(r.doc.file)!)));
    const lo = meanOf(mine.map((r) => (r.libreOffice ? orZero(r.libreOffice, key, perfects.get(r.doc.file)!) : null)));
    means.set(key, { ours: ours.mean, lo: lo.mean });
    lines.push(pad([`  ${label}`, fmt(ours.mean), fmt(lo.mean), String(ours.count)], [26, 10, 14, 10]));
  }
  const ms = mine.map((r) => r.ours.ms).sort((a, b) => a - b);
  lines.push(`  our conversion time: median ${Math.round(ms[Math.floor(ms.length / 2)] ?? 0)} ms, slowest ${Math.round(ms.at(-1) ?? 0)} ms`);
  if (half === 'test') {
    const bar = (key: 'similarity' | 'paragraphF1') => {
      const m = means.get(key)!;
      const met = (m.ours ?? 0) >= TARGET[key] && (m.lo === null || (m.ours ?? 0) > m.lo);
      return `${key === 'similarity' ? 'similarity' : 'paragraph F1'} ${fmt(m.ours)} (target ≥ ${TARGET[key]} and above LibreOffice's ${fmt(m.lo)}): ${met ? 'met' : 'MISSED'}`;
    };
    lines.push(`  issue 29 bar: ${bar('similarity')}; ${bar('paragraphF1')}`);
  }
  return lines;
}

export async function runRoundTrip(): Promise<void> {
  const started = performance.now();
  const docs = roundTripDocuments();
  const binary = soffice();
  if (!binary) {
    console.log('Round trip needs LibreOffice to render the originals to PDF: soffice not found, skipped.');
    return;
  }
  mkdirSync(CACHE, { recursive: true });
  // The test set-up: originals to PDF, and ODT originals to Word so both sides are read alike.
  convertMissing(binary, docs, 'pdf', 'pdf');
  convertMissing(
    binary,
    docs.filter((d) => d.file.endsWith('.odt')),
    'docx',
    'docx:MS Word 2007 XML',
  );
  const version = sofficeVersion(binary, PROFILE);
  console.log(`PDF → Word round trip, ${docs.length} documents rendered to PDF by ${version}; ours vs LibreOffice's PDF import`);
  console.log('Scores against the original: sim = word-order similarity, para = paragraph-boundary F1, head/list/cell = F1, note = footnote recall (— = nothing to score)');
  console.log(pad(['document', 'half', 'sim', 'para', 'head', 'list', 'cell', 'note', '|', 'LO sim', 'LO para', 'ms', 'LO ms'], ROW_WIDTHS));
  const rows: Row[] = [];
  const perfects = new Map<string, RoundTripScores>();
  let warmedUp = false;
  for (const half of ['dev', 'test'] as const) {
    for (const doc of docs.filter((d) => d.half === half)) {
      const pdf = cached(doc, 'pdf');
      const originalDocx = doc.file.endsWith('.odt') ? cached(doc, 'docx') : doc.bytes;
      if (!pdf || !originalDocx) {
        console.log(pad([doc.file, doc.half], ROW_WIDTHS) + `  skipped: LibreOffice could not ${pdf ? 'save it as Word' : 'render it to PDF'}`);
        continue;
      }
      const original = await readDocxStructure(originalDocx);
      perfects.set(doc.file, scoreRoundTrip(original, original));
      // Our first call loads pdf.js: not part of any document's time.
      if (!warmedUp) {
        await ours(doc, pdf, original);
        warmedUp = true;
      }
      const row: Row = { doc, ours: await ours(doc, pdf, original), libreOffice: await theirs(binary, version, pdf, original) };
      rows.push(row);
      console.log(documentRow(row, perfects.get(doc.file)!));
    }
  }
  console.log('');
  for (const half of ['dev', 'test'] as const) for (const line of summary(half, rows, perfects)) console.log(line);
  console.log(`Round trip took ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runRoundTrip();
