import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompressOptions } from '@contracts/pdf-tools.js';
import { PdfToolError } from './pdf-tool-error.js';
import { runTool, type ToolLimits, type ToolResult } from './run-tool.js';

export const GS = '/usr/bin/gs';

export type CompressPreset = CompressOptions['preset'];

/** The colour and grey image resolution each Ghostscript preset down-samples to (Resource/Init/gs_pdfwr.ps). */
export const PRESET_DPI: Record<CompressPreset, number> = { screen: 72, ebook: 150, printer: 300 };

/** Below this, colour and grey pictures stop being legible; line art (mono) needs more. */
export const COLOUR_FLOOR_DPI = 72;
export const MONO_FLOOR_DPI = 150;

/**
 * How far to go past the preset to meet a size: one image resolution for every picture, always
 * JPEG. `null` is the plain preset, as `gs -dPDFSETTINGS=/<preset>` would do it.
 */
export type ImageStep = { dpi: number } | null;

/** The preset as the user chose it, plus what keeps the page as it was (no auto-rotation by text direction). */
function presetArgs(preset: CompressPreset): string[] {
  return [`-dPDFSETTINGS=/${preset}`, '-dCompatibilityLevel=1.5', '-dAutoRotatePages=/None'];
}

/**
 * Every picture above `dpi` re-sampled to it (threshold 1.0: gs's default 1.5 leaves pictures up
 * to 1.5x the target alone, which would make steps do nothing) and re-encoded as JPEG. Forcing JPEG
 * matters: gs's automatic choice keeps smooth pictures in Flate, ten times their JPEG size. The
 * quality is gs's ColorImageDict default (QFactor 0.9, a little below /screen's 0.76): gs 10.0
 * offers no switch for it (-dJPEGQ is the jpeg device's; setdistillerparams is reset after page 1).
 */
function stepArgs(step: { dpi: number }): string[] {
  const mono = Math.max(MONO_FLOOR_DPI, step.dpi);
  return [
    '-dDownsampleColorImages=true',
    '-dDownsampleGrayImages=true',
    '-dDownsampleMonoImages=true',
    `-dColorImageResolution=${step.dpi}`,
    `-dGrayImageResolution=${step.dpi}`,
    `-dMonoImageResolution=${mono}`,
    '-dColorImageDownsampleThreshold=1.0',
    '-dGrayImageDownsampleThreshold=1.0',
    '-dMonoImageDownsampleThreshold=1.0',
    '-dColorImageDownsampleType=/Bicubic',
    '-dGrayImageDownsampleType=/Bicubic',
    '-dAutoFilterColorImages=false',
    '-dColorImageFilter=/DCTEncode',
    '-dAutoFilterGrayImages=false',
    '-dGrayImageFilter=/DCTEncode',
    '-dPassThroughJPEGImages=false',
  ];
}

/** Ghostscript reads `%d` in an output name as a page number: a literal `%` is written `%%`. */
function outputArg(path: string): string {
  return `-sOutputFile=${path.replaceAll('%', '%%')}`;
}

export function gsArgs(input: string, output: string, preset: CompressPreset, step: ImageStep): string[] {
  return ['-dQUIET', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', ...presetArgs(preset), ...(step ? stepArgs(step) : []), outputArg(output), input];
}

/**
 * Rewrites `input` through Ghostscript's pdfwrite (fonts subset, pictures re-sampled). The input
 * is the only thing that varies between runs, so a failure is put down to it (`unreadable`).
 */
export async function runPdfwrite(input: string, output: string, preset: CompressPreset, step: ImageStep, limits: ToolLimits): Promise<void> {
  // A folder of its own for the run: its TMPDIR, where gs spills (gs_XXXXXX files) and leaves them when killed.
  const scratch = await mkdtemp(join(limits.cwd, '.gs-'));
  let result: ToolResult;
  try {
    result = await runTool(GS, gsArgs(input, output, preset, step), { ...limits, cwd: scratch });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  if (result.code !== 0) {
    const said = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-5).join('\n');
    throw new PdfToolError('unreadable', `Ghostscript exited with ${result.code}: ${said}`);
  }
}
