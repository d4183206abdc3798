import { AUDIO_ENCODE, MP4_FLAGS, VIDEO_ENCODE } from './encode.js';
import type { FfmpegPlan, VideoInfo } from './types.js';

/** Why clips cannot be joined by copying packets (null: they can). */
export type CopyBlocker = 'no-video' | 'video-codec' | 'size' | 'frame-rate' | 'pixel-format' | 'audio-presence' | 'audio-format' | 'container' | null;

/**
 * Stream copy through the concat demuxer is only valid when every clip carries the same streams
 * with the same codec parameters; anything else needs a re-encode.
 */
export function copyBlocker(clips: readonly { info: VideoInfo; ext: string }[]): CopyBlocker {
  const [first, ...rest] = clips;
  if (!first?.info.video) return 'no-video';
  const v0 = first.info.video;
  const a0 = first.info.audio;
  for (const { info, ext } of rest) {
    const v = info.video;
    if (!v) return 'no-video';
    if (ext !== first.ext) return 'container';
    if (v.codec !== v0.codec) return 'video-codec';
    if (v.width !== v0.width || v.height !== v0.height) return 'size';
    if (Math.abs(v.fps - v0.fps) > 0.01) return 'frame-rate';
    if (v.pixFmt !== v0.pixFmt) return 'pixel-format';
    if (!info.audio !== !a0) return 'audio-presence';
    if (info.audio && a0 && (info.audio.codec !== a0.codec || info.audio.sampleRate !== a0.sampleRate || info.audio.channels !== a0.channels)) return 'audio-format';
  }
  return null;
}

/** The concat demuxer's list file for paths in the wasm file system (quotes escaped as it wants). */
export function concatList(paths: readonly string[]): string {
  return paths.map((p) => `file '${p.replace(/'/g, "'\\''")}'\n`).join('');
}

/** Joins by copying packets: the list file names the inputs in order. */
export function mergeCopyPlan(listPath: string, totalSeconds: number, output: string): FfmpegPlan {
  return {
    args: ['-f', 'concat', '-safe', '0', '-i', listPath, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...MP4_FLAGS, output],
    output,
    expectedSeconds: totalSeconds,
  };
}

/** A Fisher-Yates shuffle (random merge); `random` is injectable so tests are repeatable. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What every clip is made into before the concat filter joins them. */
export interface MergeTarget {
  width: number;
  height: number;
  fps: number;
  /** 'pad': the whole picture, bars where its shape differs; 'crop': the frame filled, edges cut. */
  fit: 'pad' | 'crop';
}

/** Sound in the result: 48 kHz stereo AAC, whatever each clip had. */
export const MERGE_AUDIO = { sampleRate: 48000, channels: 2 } as const;

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
const roundFps = (fps: number) => (fps > 0 ? Math.min(60, Math.round(fps * 1000) / 1000) : 30);

/** The first clip's size and frame rate, letterboxed: what a merge re-encodes to unless the user picks. */
export function defaultMergeTarget(clips: readonly VideoInfo[]): MergeTarget {
  const first = clips[0]?.video;
  if (!first) throw new RangeError('no-video');
  return { width: even(first.width), height: even(first.height), fps: roundFps(first.fps), fit: 'pad' };
}

/** The sizes and frame rates worth offering: each clip's own (even, in clip order, once). */
export function mergeTargetChoices(clips: readonly VideoInfo[]): { sizes: Array<{ width: number; height: number }>; fps: number[] } {
  const sizes: Array<{ width: number; height: number }> = [];
  const fps: number[] = [];
  for (const c of clips) {
    if (!c.video) continue;
    const size = { width: even(c.video.width), height: even(c.video.height) };
    if (!sizes.some((s) => s.width === size.width && s.height === size.height)) sizes.push(size);
    const rate = roundFps(c.video.fps);
    if (!fps.includes(rate)) fps.push(rate);
  }
  return { sizes, fps };
}

/** What a re-encoding merge does to one clip, for the plan shown before it runs. */
export type NormaliseStep = 'scale' | 'pad' | 'crop' | 'frame-rate' | 'silence' | 'resample-audio';

export function normaliseSteps(clip: VideoInfo, target: MergeTarget, anyAudio: boolean): NormaliseStep[] {
  const v = clip.video;
  const steps: NormaliseStep[] = [];
  if (!v) return steps;
  if (v.width !== target.width || v.height !== target.height) {
    steps.push('scale');
    // Same shape: scaling alone fills the frame; another shape gets bars or loses edges.
    if (Math.abs(v.width * target.height - v.height * target.width) > Math.max(v.width, v.height)) steps.push(target.fit);
  }
  if (Math.abs(roundFps(v.fps) - target.fps) > 0.01) steps.push('frame-rate');
  if (anyAudio && !clip.audio) steps.push('silence');
  else if (clip.audio && (clip.audio.sampleRate !== MERGE_AUDIO.sampleRate || clip.audio.channels !== MERGE_AUDIO.channels)) steps.push('resample-audio');
  return steps;
}

/**
 * Joins by re-encoding with the concat filter: every clip scaled to the target size (padded with
 * bars or cropped to fill), at the target frame rate; when any clip has sound, every clip gets a
 * 48 kHz stereo track (silence for those without), so no clip's sound is dropped.
 */
export function mergeEncodePlan(inputs: readonly { path: string; info: VideoInfo }[], output: string, target: MergeTarget = defaultMergeTarget(inputs.map((i) => i.info))): FfmpegPlan {
  if (!inputs[0]?.info.video) throw new RangeError('no-video');
  const w = even(target.width);
  const h = even(target.height);
  const fit = target.fit === 'crop' ? `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}` : `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`;
  const withAudio = inputs.some((i) => i.info.audio);
  const layout = `aformat=sample_fmts=fltp:sample_rates=${MERGE_AUDIO.sampleRate}:channel_layouts=stereo`;
  const parts: string[] = [];
  const labels: string[] = [];
  inputs.forEach((input, i) => {
    parts.push(`[${i}:v:0]${fit},setsar=1,fps=${roundFps(target.fps)},format=yuv420p[v${i}]`);
    labels.push(`[v${i}]`);
    if (!withAudio) return;
    parts.push(
      input.info.audio
        ? `[${i}:a:0]aresample=${MERGE_AUDIO.sampleRate},${layout}[a${i}]`
        : // A clip without sound gets silence as long as its picture, so the sound of the others stays in step.
          `anullsrc=r=${MERGE_AUDIO.sampleRate}:cl=stereo,atrim=end=${Math.max(0.001, input.info.duration)},${layout}[a${i}]`,
    );
    labels.push(`[a${i}]`);
  });
  const graph = `${parts.join(';')};${labels.join('')}concat=n=${inputs.length}:v=1:a=${withAudio ? 1 : 0}[v]${withAudio ? '[a]' : ''}`;
  const maps = withAudio ? ['-map', '[v]', '-map', '[a]', ...AUDIO_ENCODE] : ['-map', '[v]'];
  const total = inputs.reduce((sum, i) => sum + i.info.duration, 0);
  return {
    args: [...inputs.flatMap((i) => ['-i', i.path]), '-filter_complex', graph, ...maps, ...VIDEO_ENCODE, ...MP4_FLAGS, output],
    output,
    expectedSeconds: total,
  };
}
