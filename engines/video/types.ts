/** What the video engines know about one input, read from ffprobe's JSON (see probe.ts). */
export interface VideoInfo {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  video: VideoStream | null;
  audio: AudioStream | null;
}

export interface VideoStream {
  codec: string;
  width: number;
  height: number;
  /** Frames per second (r_frame_rate), 0 when unknown. */
  fps: number;
  pixFmt: string;
}

export interface AudioStream {
  codec: string;
  sampleRate: number;
  channels: number;
}

/** One ffmpeg run: arguments plus the output files it writes (paths in the wasm file system). */
export interface FfmpegPlan {
  args: string[];
  /** Output file names (or a printf pattern such as `part-%03d.mp4` when `pattern` is set). */
  output: string;
  /** The output is a numbered sequence: read every file whose name matches the pattern. */
  pattern?: boolean;
  /** Expected duration of the output in seconds, for progress from ffmpeg's `time=` lines. */
  expectedSeconds: number;
}

/** A cut of a video: start and end in seconds from the beginning. */
export interface Span {
  start: number;
  end: number;
}

/** `cut_type` of spec §3: equal parts, or parts of a fixed duration. */
export type CutType = 'equal' | 'duration';

/** Lossless copies packets and can only start on a keyframe; exact re-encodes and cuts on any frame. */
export type CutMode = 'lossless' | 'exact';
