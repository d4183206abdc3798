import { randomBytes } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { OfficeError } from './office-error.js';
import { TARGETS, type LegacyTarget, type OfficeTarget } from './types.js';

export interface JobFiles {
  input: string;
  output: string;
  /** Where LibreOffice writes; renamed to `output` once checked non-empty, so no half-written file is ever returned. */
  partial: string;
  target: OfficeTarget | LegacyTarget;
}

/**
 * Checks a request before it reaches LibreOffice and names its output `<input name>.<target>`
 * in `outDir` (created if missing).
 */
export async function prepareJob(inputPath: string, outDir: string, target: OfficeTarget | LegacyTarget): Promise<JobFiles> {
  if (!TARGETS.includes(target)) throw new OfficeError('failed', `unknown target ${String(target)}`);
  // LibreOffice resolves a relative path against its own working folder, not ours (it fails to store).
  if (!path.isAbsolute(inputPath) || !path.isAbsolute(outDir)) throw new OfficeError('failed', 'input and output paths must be absolute');
  const info = await stat(inputPath).catch(() => null);
  if (!info?.isFile()) throw new OfficeError('failed', 'input file not found');
  if (info.size === 0) throw new OfficeError('failed', 'input file is empty');
  await mkdir(outDir, { recursive: true });
  const base = path.basename(inputPath).replace(/\.[^.]*$/, '') || 'document';
  let output = path.join(outDir, `${base}.${target}`);
  if (path.resolve(output) === path.resolve(inputPath)) output = path.join(outDir, `${base}.converted.${target}`);
  const partial = path.join(outDir, `.${base}.${randomBytes(6).toString('hex')}.partial.${target}`);
  return { input: inputPath, output, partial, target };
}
