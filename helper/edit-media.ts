import { statSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { CropRequest, HelperMediaInfo, MergeJobRequest, MergeResult, FilesResult } from '@contracts/local-helper.js';
// Relative, not @engines: the single-file helper bundle aliases only @contracts.
import { clampRect, cropPlan } from '../engines/video/crop.js';
import { concatList, copyBlocker, mergeCopyPlan, mergeEncodePlan, shuffled } from '../engines/video/merge.js';
import { parseProbe, probeArgs } from '../engines/video/probe.js';
import type { VideoInfo } from '../engines/video/types.js';
import { invalid } from './errors.js';
import { ffmpeg, NO_JOB, type JobContext } from './job-context.js';
import { resultFolder } from './paths.js';
import { run } from './processes.js';

/** ffprobe of a file in the engines' shape (`-o` is ffmpeg.wasm's; here the JSON comes on stdout). */
export async function probeVideo(file: string, signal?: AbortSignal): Promise<VideoInfo> {
  const { stdout } = await run('ffprobe', probeArgs(file, '-').slice(0, -2), { timeoutMs: 60_000, signal });
  return parseProbe(stdout);
}

/** What the page shows of a file before an operation: length, size, streams. */
export async function mediaInfo(file: string): Promise<HelperMediaInfo> {
  const info = await probeVideo(file);
  const v = info.video;
  return {
    duration: info.duration,
    size: statSync(file).size,
    video: v ? { codec: v.codec, width: v.width, height: v.height, fps: v.fps } : null,
    audio: info.audio,
  };
}

/** Crops every frame (engines/video/crop.ts): the rectangle is made even and kept inside the frame. */
export async function cropVideo(base: string, input: string, req: CropRequest, ctx: JobContext = NO_JOB): Promise<FilesResult> {
  const info = await probeVideo(input, ctx.signal);
  if (!info.video) throw invalid('file', 'videoHelper.errors.noVideo');
  let rect;
  try {
    rect = clampRect(req.rect, info.video.width, info.video.height);
  } catch {
    throw invalid('rect', 'videoHelper.errors.invalid');
  }
  const folder = resultFolder(base, 'crop', input);
  ctx.folder?.(folder);
  const out = join(folder, `${basename(input, extname(input))}-crop.mp4`);
  const plan = cropPlan(input, rect, info.duration, out);
  await ffmpeg(plan.args, { timeoutMs: 2 * 60 * 60_000, expectedSeconds: plan.expectedSeconds }, ctx);
  return { files: [out], folder };
}

/**
 * Joins clips in order (or shuffled): packets copied when every clip has the same streams
 * (engines/video/merge.ts `copyBlocker`), else one re-encode normalising size, frame rate and sound
 * to `target` (the first clip's by default).
 */
export async function mergeNormalised(base: string, inputs: string[], req: MergeJobRequest, ctx: JobContext = NO_JOB): Promise<MergeResult> {
  const order = req.shuffle ? shuffled(inputs) : [...inputs];
  const infos = await Promise.all(order.map((f) => probeVideo(f, ctx.signal)));
  if (infos.some((i) => !i.video)) throw invalid('files', 'videoHelper.errors.noVideo');
  const clips = order.map((path, i) => ({ path, info: infos[i] as VideoInfo, ext: extname(path).toLowerCase() }));
  const copied = copyBlocker(clips) === null && req.target === undefined;
  const folder = resultFolder(base, 'merge', order[0] as string);
  ctx.folder?.(folder);
  const out = join(folder, 'merged.mp4');
  const total = infos.reduce((sum, i) => sum + i.duration, 0);
  if (copied) {
    const list = join(folder, '.inputs.txt');
    await writeFile(list, concatList(order));
    try {
      await ffmpeg(mergeCopyPlan(list, total, out).args, { timeoutMs: 60 * 60_000, expectedSeconds: total }, ctx);
    } finally {
      await rm(list, { force: true });
    }
  } else {
    const plan = mergeEncodePlan(clips, out, req.target);
    await ffmpeg(plan.args, { timeoutMs: 4 * 60 * 60_000, expectedSeconds: plan.expectedSeconds }, ctx);
  }
  return { files: [out], folder, order, copied };
}
