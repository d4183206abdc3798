import { randomBytes } from 'node:crypto';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompressOptions } from '@contracts/pdf-tools.js';
import { COLOUR_FLOOR_DPI, PRESET_DPI, runPdfwrite, type CompressPreset, type ImageStep } from './ghostscript.js';
import { PdfToolError } from './pdf-tool-error.js';
import { assertPdfHeader } from './pdf-header.js';
import { isEncrypted, runQpdf } from './qpdf.js';
import { assertAbsolutePath, type ToolLimits } from './run-tool.js';

export interface CompressResult {
  bytesBefore: number;
  bytesAfter: number;
  preset: CompressPreset;
  /** The colour and grey image resolution of the run that gave the result (of the smallest run when the original was kept). */
  imageDpi: number;
  /** True when `targetBytes` was met, or none was asked for. */
  reachedTarget: boolean;
  /** Compressing did not make the file smaller, so the output is the input's bytes. */
  keptOriginal: boolean;
  /** Ghostscript runs spent (each costs seconds on a large file). */
  gsRuns: number;
}

/** Resolutions tried, best first, when the preset alone does not meet the target; ends at the legibility floor. */
export const LADDER_DPI = [300, 200, 150, 120, 96, COLOUR_FLOOR_DPI] as const;

interface Attempt {
  path: string;
  bytes: number;
  dpi: number;
}

/** One deadline for the whole job, however many tool runs it takes. */
function budget(limits: ToolLimits): () => ToolLimits {
  const deadline = Date.now() + limits.timeoutMs;
  return () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new PdfToolError('timeLimit', `compression ran past ${limits.timeoutMs} ms`);
    return { ...limits, timeoutMs: left };
  };
}


async function pageCount(path: string, limits: ToolLimits): Promise<number> {
  const result = await runQpdf({ args: ['--show-npages', path], input: path, onInvalidPassword: 'encrypted' }, limits);
  return Number.parseInt(result.stdout.trim(), 10);
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
  }
}

/**
 * Shrinks a PDF with Ghostscript's pdfwrite at the chosen preset, then packs it with qpdf (object
 * streams, which gs 10.0 does not write). With `targetBytes`, when the preset's result is too big,
 * searches the preset's resolution and the LADDER_DPI rungs below it, every picture forced to JPEG
 * (binary search: at most 3 more runs), for the best resolution that fits; when even the floor
 * does not fit, gives the smallest result with `reachedTarget: false`. Never returns a file bigger
 * than the input. Encrypted input is refused (rewriting would drop its restrictions);
 * `limits.timeoutMs` covers the whole job, however many runs it takes.
 */
export async function compressPdf(input: string, output: string, options: CompressOptions, limits: ToolLimits): Promise<CompressResult> {
  assertAbsolutePath(input, 'input');
  assertAbsolutePath(output, 'output');
  const left = budget(limits);
  const bytesBefore = (await stat(input)).size;
  await assertPdfHeader(input);
  const pages = await pageCount(input, left());
  if (await isEncrypted(input, left())) throw new PdfToolError('encrypted', 'the PDF is protected: unlock it first');

  const prefix = join(limits.cwd, `.compress-${randomBytes(6).toString('hex')}`);
  const made: string[] = [];
  let gsRuns = 0;
  const attempt = async (step: ImageStep): Promise<Attempt> => {
    const raw = `${prefix}-${gsRuns}-gs.pdf`;
    const packed = `${prefix}-${gsRuns}.pdf`;
    made.push(raw, packed);
    gsRuns += 1;
    await runPdfwrite(input, raw, options.preset, step, left());
    // No --recompress-flate: qpdf 11.3 drops the PNG predictors of gs's Flate pictures when it
    // recompresses, and they come out four times larger.
    await runQpdf({ args: ['--object-streams=generate', '--compress-streams=y', raw, packed], input: raw, onInvalidPassword: 'encrypted' }, left());
    await rm(raw, { force: true });
    if ((await pageCount(packed, left())) !== pages) throw new PdfToolError('unreadable', 'Ghostscript could not read every page');
    return { path: packed, bytes: (await stat(packed)).size, dpi: step?.dpi ?? PRESET_DPI[options.preset] };
  };

  try {
    const target = options.targetBytes;
    const first = await attempt(null);
    let smallest = first;
    let fitting = target === undefined || first.bytes <= target ? first : null;
    if (!fitting && target !== undefined) {
      const presetDpi = PRESET_DPI[options.preset];
      const ladder = [presetDpi, ...LADDER_DPI.filter((dpi) => dpi < presetDpi)];
      // The first (best) rung that fits lies in [low, high); high === ladder.length means none does.
      let low = 0;
      let high = ladder.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        const tried = await attempt({ dpi: ladder[middle]! });
        if (tried.bytes < smallest.bytes) smallest = tried;
        if (tried.bytes <= target) {
          fitting = tried;
          high = middle;
        } else {
          low = middle + 1;
        }
      }
    }
    const chosen = fitting ?? smallest;
    const keptOriginal = chosen.bytes >= bytesBefore;
    if (keptOriginal) await copyFile(input, output);
    else await moveFile(chosen.path, output);
    const bytesAfter = keptOriginal ? bytesBefore : chosen.bytes;
    return {
      bytesBefore,
      bytesAfter,
      preset: options.preset,
      imageDpi: chosen.dpi,
      reachedTarget: target === undefined || bytesAfter <= target,
      keptOriginal,
      gsRuns,
    };
  } finally {
    await Promise.all(made.map((path) => rm(path, { force: true })));
  }
}
