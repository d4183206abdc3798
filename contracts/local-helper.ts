import { z } from 'zod';

/**
 * The local video helper's calls (spec §7 "local service", API.md "Video and the local helper"):
 * a small Node server on the user's own machine (helper/) that the page talks to on
 * http://127.0.0.1:7373 with a pairing token. Both sides share these schemas.
 */

export const HELPER_DEFAULT_PORT = 7373;
/** What `GET /config` reports as `name`, so the page knows it reached our helper and not another local server. */
export const HELPER_NAME = 'docuflow-video-helper';
/** The header that carries the pairing token (a bearer token; no cookies cross to 127.0.0.1). */
export const HELPER_TOKEN_HEADER = 'Authorization';

const httpUrl = z
  .string({ error: 'videoHelper.errors.urlInvalid' })
  .trim()
  .max(4096, { error: 'videoHelper.errors.urlInvalid' })
  .url({ error: 'videoHelper.errors.urlInvalid' })
  .refine((u) => /^https?:\/\//i.test(u), { error: 'videoHelper.errors.urlScheme' });

export const loginRequestSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, { error: 'videoHelper.errors.codeFormat' }) });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export interface LoginResult {
  token: string;
}

export interface HelperConfig {
  name: typeof HELPER_NAME;
  version: string;
  /** Spec §3 base_path: where downloads and results go. */
  basePath: string;
  home: string;
  /** Tools found on PATH when the helper started. */
  tools: { ffmpeg: boolean; ffprobe: boolean; ytDlp: boolean };
}

export const basePathRequestSchema = z.object({
  basePath: z.string({ error: 'videoHelper.errors.basePathRequired' }).trim().min(1, { error: 'videoHelper.errors.basePathRequired' }).max(1024),
  /** Needed for a folder outside the user's home. */
  confirm: z.boolean().optional(),
});
export type BasePathRequest = z.infer<typeof basePathRequestSchema>;

export const downloadRequestSchema = z.object({
  url: httpUrl,
  /** A file name (no folders) inside the base path; derived from the URL when absent. */
  fileName: z.string().trim().max(200).optional(),
  /** A yt-dlp format id (from `POST /video/info`); only for sites yt-dlp handles. */
  formatId: z.string().trim().max(100).regex(/^[\w+\-/.]+$/).optional(),
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

/** How a download is fetched: a media file streamed to disk, an HLS playlist through ffmpeg, or a site through yt-dlp. */
export type DownloadMethod = 'direct' | 'hls' | 'ytdlp';
export type DownloadStateName = 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface DownloadState {
  downloadId: string;
  url: string;
  state: DownloadStateName;
  method: DownloadMethod | null;
  fileName: string | null;
  /** Absolute path of the result once it is written. */
  filePath: string | null;
  receivedBytes: number;
  totalBytes: number | null;
  /** 0..1 when known (bytes of a sized file, or time of a playlist whose length is known). */
  progress: number | null;
  /** A message key (`videoHelper.errors.*`) when it failed. */
  error: string | null;
  startedAt: string;
  endedAt: string | null;
}

export interface DownloadStatus {
  current: DownloadState | null;
  /** Finished downloads since the helper started, newest first. */
  history: DownloadState[];
}

export const videoInfoRequestSchema = z.object({ url: httpUrl });

export interface VideoFormat {
  formatId: string;
  ext: string;
  width: number | null;
  height: number | null;
  vcodec: string | null;
  acodec: string | null;
  sizeBytes: number | null;
  note: string | null;
}

export interface VideoInfo {
  title: string;
  /** Seconds, when known. */
  duration: number | null;
  thumbnail: string | null;
  method: DownloadMethod;
  formats: VideoFormat[];
}

/** A file inside the base path: relative to it, or absolute but inside it. */
const localFile = z.string({ error: 'videoHelper.errors.fileRequired' }).trim().min(1, { error: 'videoHelper.errors.fileRequired' }).max(1024);

export const frameRequestSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('single'), file: localFile, at: z.number().min(0).max(86_400) }),
  z.object({ mode: z.literal('every'), file: localFile, seconds: z.number().min(0.1).max(3600) }),
]);
export type FrameRequest = z.infer<typeof frameRequestSchema>;

/** Spec §3 cut_type: equal parts, or pieces of a given length. */
export const splitRequestSchema = z.object({
  file: localFile,
  cutType: z.enum(['parts', 'duration']),
  /** The number of parts, or the length of a piece in seconds. */
  value: z.number().positive().max(86_400),
  /** `lossless` (the default) cuts on keyframes by stream copy; `smart` cuts on the exact frame, re-encoding only up to the next keyframe. */
  mode: z.enum(['lossless', 'smart']).optional(),
});
export type SplitRequest = z.infer<typeof splitRequestSchema>;

/** One span of a file: `smart` (the default) is frame-exact and re-encodes only around the cuts, `exact` re-encodes it all, `lossless` starts on the keyframe before `start`. */
export const trimRequestSchema = z
  .object({
    file: localFile,
    start: z.number().min(0).max(86_400),
    end: z.number().positive().max(86_400),
    mode: z.enum(['lossless', 'exact', 'smart']).optional(),
  })
  .refine((r) => r.end > r.start, { error: 'videoHelper.errors.invalid', path: ['end'] });
export type TrimRequest = z.infer<typeof trimRequestSchema>;

export const mergeRequestSchema = z.object({
  files: z.array(localFile).min(2, { error: 'videoHelper.errors.mergeTwo' }).max(100),
  /** Random merge (the spec's path); false keeps the given order. */
  shuffle: z.boolean().default(true),
});
export type MergeRequest = z.input<typeof mergeRequestSchema>;

export interface FilesResult {
  /** Absolute paths of the files written, in order. */
  files: string[];
  /** The folder they were written to. */
  folder: string;
}

export interface MergeResult extends FilesResult {
  /** The input order used (after shuffling). */
  order: string[];
  /** Whether streams were copied (codecs and sizes matched) or re-encoded. */
  copied: boolean;
}

/* ---- Jobs from the site (issue 31 part 1): files in the base path, run with progress and cancel ---- */

/** One video file in the base path, for the page's picker. */
export const helperFileSchema = z.object({
  /** Relative to the base path, with `/` between folders (what `file` arguments take). */
  path: z.string(),
  size: z.number().nonnegative(),
  /** ISO time of the last change. */
  modified: z.string(),
});
export type HelperFile = z.infer<typeof helperFileSchema>;

export const helperFileListSchema = z.object({
  basePath: z.string(),
  files: z.array(helperFileSchema),
  /** More files than one answer lists (the newest are kept). */
  truncated: z.boolean(),
});
export type HelperFileList = z.infer<typeof helperFileListSchema>;

export const probeRequestSchema = z.object({ file: localFile });

/** What the page needs of a file on the helper's side to offer the operations (ffprobe, first streams). */
export const helperMediaInfoSchema = z.object({
  duration: z.number().nonnegative(),
  size: z.number().nonnegative(),
  video: z.object({ codec: z.string(), width: z.number(), height: z.number(), fps: z.number() }).nullable(),
  audio: z.object({ codec: z.string(), sampleRate: z.number(), channels: z.number() }).nullable(),
});
export type HelperMediaInfo = z.infer<typeof helperMediaInfoSchema>;

const rectSchema = z.object({ x: z.number().int().min(0).max(16_384), y: z.number().int().min(0).max(16_384), width: z.number().int().min(2).max(16_384), height: z.number().int().min(2).max(16_384) });

/** Crops every frame to `rect` (pixels of the source; made even and kept inside the frame). */
export const cropRequestSchema = z.object({ file: localFile, rect: rectSchema });
export type CropRequest = z.infer<typeof cropRequestSchema>;

/** A merge in the given order (or shuffled), normalised to `target` when the clips differ (default: the first clip's size and rate, letterboxed). */
export const mergeJobRequestSchema = z.object({
  files: z.array(localFile).min(2, { error: 'videoHelper.errors.mergeTwo' }).max(100),
  shuffle: z.boolean().default(false),
  target: z
    .object({ width: z.number().int().min(16).max(7680), height: z.number().int().min(16).max(4320), fps: z.number().min(1).max(120), fit: z.enum(['pad', 'crop']) })
    .optional(),
});
export type MergeJobRequest = z.input<typeof mergeJobRequestSchema>;

export const HELPER_JOB_KINDS = ['trim', 'split', 'crop', 'frames', 'merge'] as const;
export type HelperJobKind = (typeof HELPER_JOB_KINDS)[number];

/** `POST /jobs`: the kind and that kind's request (the bodies of the synchronous calls, crop and merge above). */
export type HelperJobRequest =
  | { kind: 'trim'; params: TrimRequest }
  | { kind: 'split'; params: SplitRequest }
  | { kind: 'crop'; params: CropRequest }
  | { kind: 'frames'; params: FrameRequest }
  | { kind: 'merge'; params: MergeJobRequest };

export const jobRequestSchema = z.object({ kind: z.enum(HELPER_JOB_KINDS), params: z.unknown() });
export const jobIdRequestSchema = z.object({ jobId: z.string().trim().min(1).max(64) });

export const helperJobSchema = z.object({
  jobId: z.string(),
  kind: z.enum(HELPER_JOB_KINDS),
  state: z.enum(['running', 'succeeded', 'failed', 'cancelled']),
  /** 0..1 from ffmpeg's `-progress` output time against the expected length. */
  progress: z.number().min(0).max(1),
  /** Absolute paths of the results (when it succeeded). */
  files: z.array(z.string()),
  folder: z.string().nullable(),
  /** A merge: whether streams were copied, else what made it re-encode (engines/video/merge.ts CopyBlocker). */
  copied: z.boolean().nullable(),
  /** A message key (`videoHelper.errors.*`) when it failed. */
  error: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type HelperJob = z.infer<typeof helperJobSchema>;

export const helperJobListSchema = z.object({ jobs: z.array(helperJobSchema) });
export type HelperJobList = z.infer<typeof helperJobListSchema>;

/** `POST /reveal`: a result file or folder inside the base path, shown in the system's file manager. */
export const revealRequestSchema = z.object({ path: localFile });
export const revealResultSchema = z.object({
  folder: z.string(),
  /** False when no file manager could be started (the page then shows the folder's path). */
  opened: z.boolean(),
});
export type RevealResult = z.infer<typeof revealResultSchema>;
