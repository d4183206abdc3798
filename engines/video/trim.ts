import { AUDIO_ENCODE, MP4_FLAGS, sec, VIDEO_ENCODE } from './encode.js';
import type { CutMode, FfmpegPlan, Span } from './types.js';

/** Keyframes closer than this to a requested time count as on it (timestamps are rounded). */
const EPSILON = 0.0005;

/** Clamps a span into [0, duration] and makes sure it is not empty. Throws on an impossible span. */
export function normalizeSpan(span: Span, duration: number): Span {
  const start = Math.max(0, Math.min(span.start, duration));
  const end = Math.max(0, Math.min(span.end, duration > 0 ? duration : span.end));
  if (!(end > start)) throw new RangeError('empty-span');
  return { start, end };
}

/**
 * The span a lossless (stream copy) cut really produces: it can only begin on a keyframe, so the
 * start moves back to the last keyframe at or before it (nothing the user asked for is lost); the
 * end stays, since a copy may stop on any frame. Without keyframes the cut starts at 0.
 */
export function snapToKeyframes(span: Span, keyframes: readonly number[]): Span {
  let start = 0;
  for (const k of keyframes) {
    if (k <= span.start + EPSILON) start = k;
    else break;
  }
  return { start: Math.max(0, start), end: span.end };
}

/**
 * One trim. Lossless: seek to the keyframe (from `snapToKeyframes`) and copy packets. Exact:
 * input seek (frame-accurate when decoding) and re-encode.
 */
export function trimPlan(input: string, span: Span, mode: CutMode, output: string): FfmpegPlan {
  const length = span.end - span.start;
  const head = ['-ss', sec(span.start), '-i', input, '-t', sec(length), '-map', '0:v:0?', '-map', '0:a:0?'];
  const codecs = mode === 'lossless' ? ['-c', 'copy', '-avoid_negative_ts', 'make_zero'] : [...VIDEO_ENCODE, ...AUDIO_ENCODE];
  const flags = output.endsWith('.mp4') || output.endsWith('.mov') || output.endsWith('.m4v') ? MP4_FLAGS : [];
  return { args: [...head, ...codecs, ...flags, output], output, expectedSeconds: length };
}
