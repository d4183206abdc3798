import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CORPUS_DIR } from '../../helpers/corpus';
import { halfOf, roundTripDocuments, type Half } from '../../helpers/roundtrip-corpus';
import { convertMissing, ROUNDTRIP_CACHE as CACHE, soffice } from '../../helpers/roundtrip-libreoffice';

/**
 * The documents the OCR benchmarks scan (issue 29 part 4, issue 30 searchable scans): the corpus
 * PDFs and the round-trip corpus as LibreOffice renders it (cached beside the round-trip bench's
 * PDFs), each in the half a hash of its name decided once (`halfOf`).
 */
export interface ScanSample {
  file: string;
  half: Half;
  pdf: Uint8Array;
}

/** Letters of the scripts eng + chi_sim read: a document with many others (Cyrillic, kana, Arabic…) is left out by the benches. */
export const READ_SCRIPTS = /[\p{Script=Latin}\p{Script=Han}]/u;

function corpusPdfs(wanted: Half): ScanSample[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.pdf') && halfOf(f) === wanted)
    .map((file) => ({ file, half: wanted, pdf: new Uint8Array(readFileSync(path.join(CORPUS_DIR, file))) }));
}

function roundTripPdfs(wanted: Half): ScanSample[] {
  const docs = roundTripDocuments().filter((d) => d.half === wanted);
  const binary = soffice();
  if (!binary) {
    console.log('LibreOffice not found: the round-trip documents are left out.');
    return [];
  }
  mkdirSync(CACHE, { recursive: true });
  convertMissing(binary, docs, 'pdf', 'pdf');
  return docs.flatMap((d) => {
    const file = path.join(CACHE, `${d.sha256}.pdf`);
    return existsSync(file) ? [{ file: d.file, half: d.half, pdf: new Uint8Array(readFileSync(file)) }] : [];
  });
}

/** What both OCR benches record of one document at one dpi: CER parts against the original, baseline Tesseract's edits, time. */
export interface ScanScore {
  file: string;
  lang: 'en' | 'zh';
  dpi: number;
  pages: number;
  refChars: number;
  edits: number;
  baselineEdits: number;
  seconds: number;
  cpu: number;
}

export function scanSamples(half: Half): ScanSample[] {
  return [...corpusPdfs(half), ...roundTripPdfs(half)];
}

/** CPU seconds of this process and of the tools it waited for (Linux /proc: utime, stime, cutime, cstime). */
export function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return fields.slice(11, 15).reduce((s, f) => s + Number(f), 0) / 100;
}
