import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { OcrOptions } from '@contracts/pdf-tools.js';
import { assertPdfHeader } from './pdf-header.js';
import { PdfToolError, type PdfToolErrorReason } from './pdf-tool-error.js';
import { assertAbsolutePath, runTool, type ToolLimits } from './run-tool.js';

/** Debian's OCRmyPDF 14 (with Tesseract 5 and its eng and chi_sim data). */
export const OCRMYPDF = '/usr/bin/ocrmypdf';
/** Takes out the spaces Tesseract puts between Chinese words; beside this module so the API and the worker find it. */
export const CJK_PLUGIN = join(import.meta.dirname, 'ocr-cjk-plugin.py');

/** OCRmyPDF's exit codes (ocrmypdf/exceptions.py ExitCode) that are the file's fault, not ours. */
const EXIT_REASONS: Record<number, PdfToolErrorReason> = { 2: 'unreadable' };

/**
 * Pages OCR'd at once. One page per core, but never both cores of a two-core server (the API and
 * other jobs share them); OCRmyPDF then keeps Tesseract to one thread per page.
 */
export function ocrJobs(cores = availableParallelism()): number {
  return Math.min(2, Math.max(1, cores - 1));
}


/** The command line: every choice here is explained in docs/pdf-ocr.md. */
export function ocrArgs(input: string, output: string, options: OcrOptions, jobs = ocrJobs()): string[] {
  return [
    // A plain PDF: PDF/A would send every page through Ghostscript, re-encoding the pictures.
    '--output-type',
    'pdf',
    // Tesseract's own text-only page laid under the picture; OCRmyPDF 14's hOCR renderer loses Chinese.
    '--pdf-renderer',
    'sandwich',
    // Pages that already have text are copied as they are, so a half-scanned file never fails.
    '--skip-text',
    // The pictures are kept byte for byte; the file only gains the text layer.
    '--optimize',
    '0',
    '--jobs',
    String(jobs),
    '-l',
    options.languages.join('+'),
    ...(options.deskew ? ['--deskew'] : []),
    ...(options.languages.includes('chi_sim') ? ['--plugin', CJK_PLUGIN] : []),
    '--quiet',
    '--',
    input,
    output,
  ];
}

/**
 * Searchable scans (issue 30): OCRmyPDF lays an invisible text layer (Tesseract, English and/or
 * Simplified Chinese) under each page's picture, so the text can be searched, selected and
 * copied; the pages look exactly as before. Pages that already hold text are left alone.
 * Encrypted input fails as `encrypted`, anything that is not a readable PDF as `unreadable`;
 * `limits` bring the time limit and the cancel.
 */
export async function ocrPdf(input: string, output: string, options: OcrOptions, limits: ToolLimits): Promise<void> {
  assertAbsolutePath(input, 'input');
  assertAbsolutePath(output, 'output');
  await assertPdfHeader(input);
  const result = await runTool(OCRMYPDF, ocrArgs(input, output, options), limits);
  if (result.code === 0) return;
  if (result.code === 8) throw new PdfToolError('encrypted', 'the PDF is protected by a password: unlock it first');
  const said = result.stderr
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-3)
    .join('\n');
  throw new PdfToolError(EXIT_REASONS[result.code] ?? 'failed', `ocrmypdf exited with ${result.code}: ${said}`);
}
