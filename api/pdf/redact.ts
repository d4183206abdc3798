import { join } from 'node:path';
import type { RedactOptions } from '@contracts/pdf-tools.js';
import { PdfToolError, type PdfToolErrorReason } from './pdf-tool-error.js';
import { assertAbsolutePath, runTool, type ToolLimits } from './run-tool.js';

/** Debian's interpreter, where `python3-fitz` (PyMuPDF 1.21) is installed; never a virtualenv's. */
export const PYTHON = '/usr/bin/python3';
/** Beside this module, so `tsx api/server.ts` and the worker find it from any working folder. */
export const REDACT_SCRIPT = join(import.meta.dirname, 'redact.py');

/** The script's exit codes (api/pdf/redact.py) as failure reasons; a page out of range is the job's failure, refunded. */
const EXIT_REASONS: Record<number, PdfToolErrorReason> = { 2: 'unreadable', 3: 'encrypted', 4: 'failed' };

export interface RedactResult {
  pages: number;
  regions: number;
  /** Vector paths taken out because they touched a box. */
  drawingsRemoved: number;
}

/**
 * Redaction that removes what is under each box (issue 30), with PyMuPDF: the text under a box,
 * the pixels of images under it, and the drawings that touch it; annotations and form fields
 * touching a box are deleted; the metadata is cleared when asked; the file is rewritten with
 * unused objects dropped, so nothing removed stays in it. The boxes reach the script on its
 * standard input, never on the command line.
 */
export async function redactPdf(input: string, output: string, options: RedactOptions, limits: ToolLimits): Promise<RedactResult> {
  assertAbsolutePath(input, 'input');
  assertAbsolutePath(output, 'output');
  const stdin = JSON.stringify({ regions: options.regions, removeMetadata: options.removeMetadata });
  const result = await runTool(PYTHON, ['-I', REDACT_SCRIPT, input, output], { ...limits, stdin });
  // SWIG's "memory leak" notices of the Debian build are noise; the reason is in the last real lines.
  const said = result.stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('swig/python detected a memory leak'))
    .slice(-3)
    .join('\n');
  if (result.code !== 0) throw new PdfToolError(EXIT_REASONS[result.code] ?? 'failed', `redaction failed (${result.code}): ${said}`);
  // The summary is the script's one JSON line; SWIG's notices may follow it on standard output.
  const line = result.stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new PdfToolError('failed', 'redaction gave no summary');
  return JSON.parse(line) as RedactResult;
}
