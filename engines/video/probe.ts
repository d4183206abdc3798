import type { AudioStream, VideoInfo, VideoStream } from './types.js';

/** The ffprobe arguments whose JSON `parseProbe` reads. `-o` is ffmpeg.wasm's way to write stdout to a file. */
export function probeArgs(input: string, output: string): string[] {
  return ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height,r_frame_rate,pix_fmt,sample_rate,channels', '-of', 'json', input, '-o', output];
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  pix_fmt?: string;
  sample_rate?: string;
  channels?: number;
}

/** "30000/1001" → 29.97; anything unreadable → 0. */
export function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [num, den = '1'] = rate.split('/');
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Reads ffprobe's JSON (`probeArgs`); the first video and the first audio stream count. */
export function parseProbe(json: string): VideoInfo {
  const data = JSON.parse(json) as { format?: { duration?: string }; streams?: RawStream[] };
  const streams = data.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video');
  const a = streams.find((s) => s.codec_type === 'audio');
  const video: VideoStream | null = v
    ? { codec: v.codec_name ?? '', width: v.width ?? 0, height: v.height ?? 0, fps: parseRate(v.r_frame_rate), pixFmt: v.pix_fmt ?? '' }
    : null;
  const audio: AudioStream | null = a ? { codec: a.codec_name ?? '', sampleRate: Number(a.sample_rate ?? 0), channels: a.channels ?? 0 } : null;
  const duration = Number(data.format?.duration ?? 0);
  return { duration: Number.isFinite(duration) ? duration : 0, video, audio };
}

/** The ffprobe arguments listing video packets (no decoding) as `pts_time,flags` lines. */
export function keyframeArgs(input: string, output: string): string[] {
  return ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', input, '-o', output];
}

/** Keyframe times in seconds, sorted, from `keyframeArgs` output. */
export function parseKeyframes(csv: string): number[] {
  const times: number[] = [];
  for (const line of csv.split(/\r?\n/)) {
    const [pts, flags] = line.split(',');
    const t = Number(pts);
    if (flags?.includes('K') && pts !== '' && Number.isFinite(t)) times.push(t);
  }
  return times.sort((a, b) => a - b);
}

/** Seconds from an ffmpeg progress line (`... time=00:01:02.50 ...`), or null. */
export function parseProgressTime(line: string): number | null {
  const m = /time=\s*(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(line);
  if (!m) return null;
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  return m[1] ? 0 : seconds;
}
