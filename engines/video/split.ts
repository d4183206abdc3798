import { AUDIO_ENCODE, sec, VIDEO_ENCODE } from './encode.js';
import type { CutMode, CutType, FfmpegPlan } from './types.js';

/** More parts than this would only make a zip nobody wants (and fill the wasm memory). */
export const MAX_PARTS = 100;

/**
 * Where the parts begin (after 0): `equal` splits into `value` parts of the same length,
 * `duration` into parts of `value` seconds, the last one shorter.
 */
export function splitPoints(duration: number, cutType: CutType, value: number): number[] {
  if (!(duration > 0) || !(value > 0)) throw new RangeError('bad-split');
  const step = cutType === 'equal' ? duration / Math.floor(value) : value;
  const count = cutType === 'equal' ? Math.floor(value) : Math.ceil(duration / step - 1e-9);
  if (count < 2) throw new RangeError('one-part');
  if (count > MAX_PARTS) throw new RangeError('too-many-parts');
  return Array.from({ length: count - 1 }, (_, i) => Number(((i + 1) * step).toFixed(3)));
}

/**
 * Splits with the segment muxer. Lossless parts begin on the first keyframe at or after each
 * point; exact re-encodes with forced keyframes at the points, so each part begins on one.
 */
export function splitPlan(input: string, points: readonly number[], mode: CutMode, duration: number, ext: string): FfmpegPlan {
  const times = points.map(sec).join(',');
  const codecs = mode === 'lossless' ? ['-c', 'copy'] : [...VIDEO_ENCODE, '-force_key_frames', times, ...AUDIO_ENCODE];
  const output = `part-%03d.${ext}`;
  return {
    args: ['-i', input, '-map', '0:v:0?', '-map', '0:a:0?', ...codecs, '-f', 'segment', '-segment_times', times, '-reset_timestamps', '1', output],
    output,
    pattern: true,
    expectedSeconds: duration,
  };
}
