import { AUDIO_ENCODE, MP4_FLAGS, VIDEO_ENCODE } from './encode.js';
import type { FfmpegPlan } from './types.js';

/** The aspect presets of the crop tool. */
export const ASPECTS = ['1:1', '9:16', '16:9', '4:5'] as const;
export type Aspect = (typeof ASPECTS)[number];

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const RATIO: Record<Aspect, number> = { '1:1': 1, '9:16': 9 / 16, '16:9': 16 / 9, '4:5': 4 / 5 };

/** H.264 with 4:2:0 chroma needs even sides and offsets. */
const even = (n: number) => Math.max(0, Math.floor(n / 2) * 2);

/** The largest centred rectangle of an aspect ratio inside a frame, with even sides. */
export function aspectRect(width: number, height: number, aspect: Aspect): Rect {
  const ratio = RATIO[aspect];
  let w = width;
  let h = width / ratio;
  if (h > height) {
    h = height;
    w = height * ratio;
  }
  const cw = even(w);
  const ch = even(h);
  return { x: even((width - cw) / 2), y: even((height - ch) / 2), width: cw, height: ch };
}

/**
 * A drawn rectangle made valid for the encoder: inside the frame, even, at least 16 px a side.
 * Throws when the frame itself is smaller than that.
 */
export function clampRect(rect: Rect, width: number, height: number): Rect {
  const min = 16;
  if (width < min || height < min) throw new RangeError('frame-too-small');
  const x = even(Math.min(Math.max(0, rect.x), width - min));
  const y = even(Math.min(Math.max(0, rect.y), height - min));
  const w = even(Math.min(Math.max(min, rect.width), width - x));
  const h = even(Math.min(Math.max(min, rect.height), height - y));
  return { x, y, width: w, height: h };
}

/** Crops every frame to `rect` (re-encoding the video; audio is re-encoded to AAC for the MP4). */
export function cropPlan(input: string, rect: Rect, duration: number, output: string): FfmpegPlan {
  const filter = `crop=${rect.width}:${rect.height}:${rect.x}:${rect.y}`;
  return {
    args: ['-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-vf', filter, ...VIDEO_ENCODE, ...AUDIO_ENCODE, ...MP4_FLAGS, output],
    output,
    expectedSeconds: duration,
  };
}
