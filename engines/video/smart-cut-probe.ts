import { parseRate } from './probe.js';

/** What a smart cut must match when it re-encodes a few frames of a source (see smart-cut.ts). */
export interface SmartCutSource {
  /** Seconds (container duration), 0 when unknown. */
  duration: number;
  /** The container's start time in seconds (MPEG-TS files often start late), 0 when unknown. */
  startTime: number;
  codec: string;
  /** ffprobe's profile name: `High`, `Main`, `Constrained Baseline`, `High 10`… */
  profile: string;
  /** ffprobe's level_idc: 40 is level 4.0; 0 when unknown. */
  level: number;
  pixFmt: string;
  width: number;
  height: number;
  /** Sample aspect ratio as `num:den` (`1:1` when unknown). */
  sar: string;
  fps: number;
  /** The stream's time base denominator (`1/15360` → 15360), 0 when unknown. */
  timescale: number;
  /** Frames the decoder holds back for B-frame reordering (has_b_frames). */
  reorderDelay: number;
  /** Index of the video stream in the file (the concat demuxer matches streams by index). */
  videoIndex: number;
  hasAudio: boolean;
}

/** One video packet in decode order. */
export interface VideoPacket {
  pts: number;
  dts: number;
  key: boolean;
}

/** The ffprobe arguments whose JSON `parseSmartCutSource` reads (`-o`: ffmpeg.wasm's stdout file). */
export function smartCutProbeArgs(input: string, output: string): string[] {
  return [
    '-v',
    'error',
    '-show_entries',
    'format=duration,start_time:stream=index,codec_type,codec_name,profile,level,pix_fmt,width,height,sample_aspect_ratio,r_frame_rate,time_base,has_b_frames',
    '-of',
    'json',
    input,
    '-o',
    output,
  ];
}

interface RawStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  pix_fmt?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  time_base?: string;
  has_b_frames?: number;
}

/** Reads `smartCutProbeArgs` JSON; null when the file has no video stream. */
export function parseSmartCutSource(json: string): SmartCutSource | null {
  const data = JSON.parse(json) as { format?: { duration?: string; start_time?: string }; streams?: RawStream[] };
  const streams = data.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video');
  if (!v) return null;
  const duration = Number(data.format?.duration ?? 0);
  const startTime = Number(data.format?.start_time ?? 0);
  const sar = v.sample_aspect_ratio && /^\d+:\d+$/.test(v.sample_aspect_ratio) && !v.sample_aspect_ratio.startsWith('0:') ? v.sample_aspect_ratio : '1:1';
  const timescale = Number(/^1\/(\d+)$/.exec(v.time_base ?? '')?.[1] ?? 0);
  return {
    duration: Number.isFinite(duration) ? duration : 0,
    startTime: Number.isFinite(startTime) ? startTime : 0,
    codec: v.codec_name ?? '',
    profile: v.profile ?? '',
    level: v.level ?? 0,
    pixFmt: v.pix_fmt ?? '',
    width: v.width ?? 0,
    height: v.height ?? 0,
    sar,
    fps: parseRate(v.r_frame_rate),
    timescale,
    reorderDelay: v.has_b_frames ?? 0,
    videoIndex: v.index ?? 0,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** The ffprobe arguments listing the first video stream's packets in decode order as `pts_time,dts_time,flags`. */
export function packetArgs(input: string, output: string): string[] {
  return ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,dts_time,flags', '-of', 'csv=p=0', input, '-o', output];
}

/** Packets from `packetArgs` output, in the file's (decode) order; lines without a pts are skipped. */
export function parsePackets(csv: string): VideoPacket[] {
  const packets: VideoPacket[] = [];
  for (const line of csv.split(/\r?\n/)) {
    const [pts, dts, flags] = line.split(',');
    if (!pts || pts === 'N/A') continue;
    const p = Number(pts);
    const d = dts && dts !== 'N/A' ? Number(dts) : p;
    if (Number.isFinite(p) && Number.isFinite(d)) packets.push({ pts: p, dts: d, key: flags?.includes('K') ?? false });
  }
  return packets;
}
