import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RoundTripDocument } from './roundtrip-corpus';

/**
 * LibreOffice from the benchmarks: as the test set-up that renders originals to PDF, and as the
 * baseline PDF → Word converter (its PDF import, what Stirling-PDF and ConvertX use).
 */

/** The soffice binary on PATH, or null when LibreOffice is not installed. */
export function soffice(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v soffice || command -v libreoffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface SofficeConversion {
  /** Its profile folder: reused across calls, so only the first call pays for building it. */
  profile: string;
  outDir: string;
  inputs: string[];
  /** Target, optionally with the export filter: `pdf`, `docx`, `docx:"MS Word 2007 XML"`. */
  to: string;
  /** Import filter for every input, e.g. `writer_pdf_import` for LibreOffice's PDF import. */
  infilter?: string;
}

/**
 * One soffice run over several inputs (each output is named after its input). soffice exits 0
 * even when a file failed, so callers check that the outputs exist.
 */
export function sofficeConvert(binary: string, job: SofficeConversion): void {
  const args = [`-env:UserInstallation=file://${job.profile}`, '--headless', ...(job.infilter ? [`--infilter=${job.infilter}`] : []), '--convert-to', job.to, '--outdir', job.outDir, ...job.inputs];
  execFileSync(binary, args, { stdio: 'ignore', timeout: 120_000 + 30_000 * job.inputs.length });
}

/** First line of `soffice --version`: cached baseline results are kept per LibreOffice version. */
export function sofficeVersion(binary: string, profile: string): string {
  return execFileSync(binary, [`-env:UserInstallation=file://${profile}`, '--version'], { encoding: 'utf8' }).split('\n')[0]!.trim();
}

/** Where the benchmarks keep LibreOffice's renderings of the round-trip corpus (named by each document's hash) and soffice's profile. */
export const ROUNDTRIP_CACHE = path.join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'roundtrip');
export const ROUNDTRIP_PROFILE = path.join(ROUNDTRIP_CACHE, 'profile');

/** Runs soffice on the documents whose `<sha256>.<ext>` is not in the cache yet, one call for all of them. */
export function convertMissing(binary: string, docs: readonly RoundTripDocument[], ext: string, to: string): void {
  const missing = docs.filter((d) => !existsSync(path.join(ROUNDTRIP_CACHE, `${d.sha256}.${ext}`)));
  if (missing.length === 0) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'roundtrip-'));
  try {
    const inputs = missing.map((d) => {
      const input = path.join(dir, `${d.sha256}${path.extname(d.file)}`);
      writeFileSync(input, d.bytes);
      return input;
    });
    sofficeConvert(binary, { profile: ROUNDTRIP_PROFILE, outDir: ROUNDTRIP_CACHE, inputs, to });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
