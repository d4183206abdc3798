import { sec } from './encode.js';
import type { FfmpegPlan } from './types.js';

/** Frame extraction: one frame at a time, one every N seconds, or one per scene change. */
export type FrameRequest = { kind: 'single'; at: number } | { kind: 'interval'; every: number } | { kind: 'scene'; threshold: number };

/** A cap on extracted frames, so a long video at "every 0.1 s" cannot fill the wasm memory. */
export const MAX_FRAMES = 300;
/** Frames wider than this are scaled down (JPEG at quality 3 stays small enough to zip). */
const MAX_WIDTH = 1920;

/**
 * The frames plan. Interval and scene use `select` with variable frame rate so each chosen
 * frame is written once (the fps filter would duplicate or drop frames near the boundaries).
 */
export function framesPlan(input: string, request: FrameRequest, duration: number): FfmpegPlan {
  const scale = `scale='min(${MAX_WIDTH},iw)':-2`;
  if (request.kind === 'single') {
    const output = 'frame-001.jpg';
    return { args: ['-ss', sec(request.at), '-i', input, '-frames:v', '1', '-vf', scale, '-q:v', '3', output], output, expectedSeconds: 0 };
  }
  let select: string;
  if (request.kind === 'interval') {
    if (!(request.every > 0)) throw new RangeError('bad-interval');
    // A hair under N so frame times rounded to the timebase still count as N apart.
    select = `isnan(prev_selected_t)+gte(t-prev_selected_t\\,${Math.max(0.001, request.every - 0.001).toFixed(3)})`;
  } else {
    const threshold = Math.min(0.9, Math.max(0.05, request.threshold));
    select = `gt(scene\\,${threshold.toFixed(2)})`;
  }
  const output = 'frame-%03d.jpg';
  return {
    args: ['-i', input, '-an', '-vf', `select='${select}',${scale}`, '-fps_mode', 'vfr', '-frames:v', String(MAX_FRAMES), '-q:v', '3', output],
    output,
    pattern: true,
    expectedSeconds: duration,
  };
}

/** `count` thumbnails spread over the video, each from one fast input seek (one plan per thumbnail). */
export function thumbnailPlans(input: string, duration: number, count: number, width = 160): FfmpegPlan[] {
  const n = Math.max(1, Math.min(24, Math.floor(count)));
  return Array.from({ length: n }, (_, i) => {
    const at = duration > 0 ? (duration * (i + 0.5)) / n : 0;
    const output = `thumb-${String(i + 1).padStart(3, '0')}.jpg`;
    return { args: ['-ss', sec(at), '-i', input, '-frames:v', '1', '-vf', `scale=${width}:-2`, '-q:v', '6', output], output, expectedSeconds: 0 };
  });
}

/** Does a file name belong to a numbered output (`part-%03d.mp4` matches `part-007.mp4`)? */
export function matchesPattern(pattern: string, name: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%0(\d)d/, (_, d: string) => `\\d{${d},}`)}$`);
  return re.test(name);
}
