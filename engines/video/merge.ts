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

/**
 * Joins by re-encoding with the concat filter: every clip is scaled and padded to the first
 * clip's size and frame rate; audio joins only when every clip has some (else the result is silent).
 */
export function mergeEncodePlan(inputs: readonly { path: string; info: VideoInfo }[], output: string): FfmpegPlan {
  const first = inputs[0]?.info.video;
  if (!first) throw new RangeError('no-video');
  const w = Math.max(2, Math.floor(first.width / 2) * 2);
  const h = Math.max(2, Math.floor(first.height / 2) * 2);
  const fps = first.fps > 0 ? Math.min(60, Math.round(first.fps * 1000) / 1000) : 30;
  const withAudio = inputs.every((i) => i.info.audio);
  const parts: string[] = [];
  const labels: string[] = [];
  inputs.forEach((_, i) => {
    parts.push(`[${i}:v:0]scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p[v${i}]`);
    labels.push(`[v${i}]`);
    if (withAudio) {
      parts.push(`[${i}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`);
      labels.push(`[a${i}]`);
    }
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
