import { MP4_FLAGS } from './encode.js';
import type { SmartCutSource, VideoPacket } from './smart-cut-probe.js';
import type { FfmpegPlan, Span } from './types.js';

/**
 * Smart cut: a frame-exact trim that re-encodes only what it must. A span [start, end) becomes
 *   head: the frames from the first one at or after `start` up to the first keyframe, re-encoded
 *         with the source's codec parameters (H.264, pix_fmt, profile, level, SAR, time base,
 *         B-frame delay) so the pieces join by stream copy;
 *   copy: packets from that keyframe on, read straight from the source by the concat demuxer
 *         (inpoint/outpoint), up to the last point where a prefix in decode order holds exactly
 *         the frames before the cut (with B-frames a few frames past it can be needed to decode);
 *   tail: the few frames between that point and `end`, re-encoded like the head;
 * then one join: the concat demuxer copies the video (it inserts the parameter sets in-band, so
 * the copied frames keep theirs) beside the span's audio, re-encoded once from the source from
 * the first frame's time, so it stays in sync however the video was assembled.
 */

/** Timestamps closer than this count as equal (ffprobe prints microseconds, requests are in ms). */
const EPSILON = 0.0005;
/** One microsecond: keeps the concat demuxer's seek on the keyframe, its outpoint before the next packet. */
const MICRO = 0.000001;
/** x264 CRF of re-encoded frames: visually lossless (PSNR well above 40 dB on camera and synthetic video). */
export const SMART_CUT_CRF = 16;
/** Audio is re-encoded once per span (AAC in MP4); the fast coder takes half the time of the default at a rate where both are clean. */
const SPAN_AUDIO = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '192k'];
/**
 * The pieces are short, so speed beats size: at this CRF ultrafast measured about twice veryfast's
 * speed and a higher PSNR (it spends more bits: about 3x the source's rate over a head).
 */
const PIECE_PRESET = 'ultrafast';
/** x264 settings giving the decoder delay (has_b_frames) 0, 1 and 2, so timestamps stay monotonic across pieces. */
const B_FRAMES = ['bframes=0', 'bframes=2:b-pyramid=none', 'bframes=3:b-pyramid=normal'];
/** Pixel formats libx264 encodes (8 and 10 bits). */
const PIX_FMTS = new Set(['yuv420p', 'yuvj420p', 'yuv422p', 'yuvj422p', 'yuv444p', 'yuvj444p', 'yuv420p10le', 'yuv422p10le', 'yuv444p10le']);

/** Why a source cannot be smart cut (null: it can); callers fall back to the exact (full re-encode) trim. */
export type SmartCutBlocker = 'video-codec' | 'pixel-format' | 'stream-layout' | 'reorder-delay' | 'frame-rate' | 'start-time' | 'no-keyframes' | null;

export function smartCutBlocker(source: SmartCutSource, packets: readonly VideoPacket[]): SmartCutBlocker {
  if (source.codec !== 'h264') return 'video-codec';
  if (!PIX_FMTS.has(source.pixFmt)) return 'pixel-format';
  // The concat demuxer pairs streams by index: the re-encoded pieces carry video only, as stream 0.
  if (source.videoIndex !== 0) return 'stream-layout';
  if (source.reorderDelay >= B_FRAMES.length) return 'reorder-delay';
  if (!(source.fps > 0)) return 'frame-rate';
  // Plans use packet times as ffmpeg's -ss reads them, which counts from the container's start time.
  if (Math.abs(source.startTime) > EPSILON) return 'start-time';
  if (!packets.some((p) => p.key)) return 'no-keyframes';
  return null;
}

/** x264's name for ffprobe's H.264 profile. */
export function x264Profile(profile: string): string {
  const p = profile.toLowerCase();
  if (p.includes('baseline')) return 'baseline';
  if (p === 'main') return 'main';
  if (p.includes('4:4:4')) return 'high444';
  if (p.includes('4:2:2')) return 'high422';
  if (p.includes('10')) return 'high10';
  return 'high';
}

/** The coding tools that make x264 signal the profile itself (it names the lowest one its tools need, and ultrafast drops these). */
function profileTools(profile: string): string {
  if (profile === 'baseline') return '';
  return profile === 'main' ? ':cabac=1' : ':cabac=1:8x8dct=1';
}

/** Encoder arguments whose output joins the source's packets by stream copy. */
export function matchingEncodeArgs(source: SmartCutSource): string[] {
  const [num, den] = source.sar.split(':');
  const profile = x264Profile(source.profile);
  const level = source.level >= 10 ? ['-level:v', (source.level / 10).toFixed(1)] : [];
  const timescale = source.timescale > 0 ? ['-video_track_timescale', String(source.timescale)] : [];
  return [
    '-vf',
    `setpts=PTS-STARTPTS,setsar=${num ?? 1}/${den ?? 1}`,
    '-c:v',
    'libx264',
    '-preset',
    PIECE_PRESET,
    '-crf',
    String(SMART_CUT_CRF),
    '-pix_fmt',
    source.pixFmt,
    '-profile:v',
    profile,
    ...level,
    '-x264-params',
    `${B_FRAMES[source.reorderDelay] ?? B_FRAMES[2]}:open-gop=0${profileTools(profile)}`,
    '-fps_mode',
    'passthrough',
    ...timescale,
  ];
}

/** What a span's cut is made of. `copy`: it starts on a keyframe; `encode`: no keyframe to copy from inside it. */
export type SmartCutKind = 'copy' | 'smart' | 'encode';

export interface SmartCutPlan {
  kind: SmartCutKind;
  /** The frames the output holds: from the first frame at or after the requested start to the end of the last one before the requested end. */
  span: Span;
  /** The keyframe the copy starts on (null for `encode`). */
  keyframe: number | null;
  /** Re-encodes of the head and tail pieces and of the span's audio; run them first, in any order (or at once). */
  encodes: FfmpegPlan[];
  /** The concat demuxer's list: write it at `list.path` before the join. */
  list: { path: string; text: string };
  /** The join: concat (video copy) plus the span's audio; writes `output`. */
  join: FfmpegPlan;
  /** Files to delete after the join (pieces and list). */
  temporary: string[];
  reencodedFrames: number;
  copiedFrames: number;
}

/** Where a plan writes its pieces: `dir` ('' for the current directory, as in ffmpeg.wasm) and a name prefix. */
export interface SmartCutWork {
  dir: string;
  id: string;
}

const t6 = (value: number) => Math.max(0, value).toFixed(6);
const quote = (path: string) => `'${path.replace(/'/g, "'\\''")}'`;
const inDir = (dir: string, name: string) => (dir ? `${dir.replace(/\/+$/, '')}/${name}` : name);

interface Entry {
  /** The path as the list names it (pieces: relative to the list, which sits beside them). */
  file: string;
  inpoint?: number;
  outpoint?: number;
  duration: number;
}

function listText(entries: readonly Entry[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const e of entries) {
    lines.push(`file ${quote(e.file)}`);
    if (e.inpoint !== undefined) lines.push(`inpoint ${t6(e.inpoint)}`);
    if (e.outpoint !== undefined) lines.push(`outpoint ${t6(e.outpoint)}`);
    lines.push(`duration ${t6(e.duration)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The copy part: the longest decode-order run of packets from `k` that holds exactly the frames before its end. */
interface CopyRun {
  /** Index after the last copied packet. */
  next: number;
  /** The first frame not copied (Infinity at the end of the file). */
  following: number;
}

function copyRun(packets: readonly VideoPacket[], k: number, end: number): CopyRun | null {
  const keyPts = packets[k]!.pts;
  const following: number[] = new Array<number>(packets.length + 1);
  following[packets.length] = Infinity;
  for (let i = packets.length - 1; i >= 0; i--) following[i] = Math.min(following[i + 1]!, packets[i]!.pts);
  let best: CopyRun | null = null;
  let lastPts = -Infinity;
  for (let i = k; i < packets.length; i++) {
    const pts = packets[i]!.pts;
    // A frame before the keyframe after it in decode order: an open GOP, which a copy cannot start.
    if (pts < keyPts - EPSILON) return null;
    lastPts = Math.max(lastPts, pts);
    if (lastPts >= end - EPSILON) break;
    if (following[i + 1]! > lastPts) best = { next: i + 1, following: following[i + 1]! };
  }
  return best;
}

/**
 * Plans one smart cut of `input` (an absolute path: the concat list resolves relative ones against
 * its own folder) to `output` (MP4). `packets` are the video packets in decode order
 * (`packetArgs`); check `smartCutBlocker` first. Throws RangeError('empty-span') when no frame
 * falls in the span.
 */
export function planSmartCut(input: string, source: SmartCutSource, packets: readonly VideoPacket[], requested: Span, work: SmartCutWork, output: string): SmartCutPlan {
  const frame = 1 / source.fps;
  const frames = packets.map((p) => p.pts).sort((a, b) => a - b);
  const inSpan = frames.filter((t) => t >= requested.start - EPSILON && t < requested.end - EPSILON);
  const first = inSpan[0];
  const last = inSpan.at(-1);
  if (first === undefined || last === undefined) throw new RangeError('empty-span');
  const end = last + frame;
  const k = packets.findIndex((p) => p.key && p.pts >= first - EPSILON && p.pts < end - EPSILON);
  const run = k >= 0 ? copyRun(packets, k, end) : null;

  const encodes: FfmpegPlan[] = [];
  const entries: Entry[] = [];
  const piece = (name: string, from: number, count: number, seconds: number) => {
    const path = inDir(work.dir, `${work.id}-${name}.mp4`);
    // Half a frame early: the decoder keeps frames at or after -ss, and printed times are rounded.
    const args = ['-ss', t6(from - frame / 2), '-i', input, '-map', '0:v:0', '-an', '-sn', '-dn', '-frames:v', String(count), ...matchingEncodeArgs(source), ...MP4_FLAGS, path];
    encodes.push({ args, output: path, expectedSeconds: seconds });
    entries.push({ file: `${work.id}-${name}.mp4`, duration: seconds });
  };

  let keyframe: number | null = null;
  let headFrames = 0;
  let reencodedFrames = 0;
  let copiedFrames = 0;
  if (!run) {
    piece('all', first, inSpan.length, end - first);
    reencodedFrames = inSpan.length;
  } else {
    keyframe = packets[k]!.pts;
    const head = inSpan.filter((t) => t < keyframe! - EPSILON);
    headFrames = head.length;
    if (headFrames > 0) piece('head', first, headFrames, keyframe - first);
    const copyEnd = Number.isFinite(run.following) ? Math.min(run.following, end) : end;
    const atFileEnd = run.next >= packets.length;
    entries.push({
      file: input,
      inpoint: keyframe + MICRO,
      // The demuxer stops at the first packet whose dts reaches the outpoint: the first one not copied.
      outpoint: atFileEnd ? undefined : packets[run.next]!.dts - MICRO,
      duration: copyEnd - keyframe,
    });
    const tail = inSpan.filter((t) => t >= copyEnd - EPSILON);
    if (tail.length > 0) piece('tail', copyEnd, tail.length, end - copyEnd);
    reencodedFrames = head.length + tail.length;
    copiedFrames = run.next - k;
  }

  // The span's audio, decoded exactly from the first frame's time and encoded once, beside the video pieces.
  const audioPath = inDir(work.dir, `${work.id}-audio.m4a`);
  if (source.hasAudio) {
    const args = ['-ss', t6(first), '-t', t6(end - first), '-i', input, '-map', '0:a:0', '-vn', '-sn', '-dn', '-af', 'asetpts=PTS-STARTPTS', ...SPAN_AUDIO, audioPath];
    encodes.push({ args, output: audioPath, expectedSeconds: end - first });
  }
  const listPath = inDir(work.dir, `${work.id}.ffconcat`);
  const timescale = source.timescale > 0 ? ['-video_track_timescale', String(source.timescale)] : [];
  const join: FfmpegPlan = {
    // -copyts: a list that opens on the source starts where the source's first packets do, its
    // (unused) audio among them, which ffmpeg would otherwise subtract from every timestamp.
    args: ['-copyts', '-f', 'concat', '-safe', '0', '-i', listPath, ...(source.hasAudio ? ['-i', audioPath] : []), '-map', '0:v:0', ...(source.hasAudio ? ['-map', '1:a:0'] : []), '-c', 'copy', ...timescale, ...MP4_FLAGS, output],
    output,
    expectedSeconds: end - first,
  };
  const kind: SmartCutKind = !run ? 'encode' : headFrames === 0 ? 'copy' : 'smart';
  return {
    kind,
    span: { start: first, end },
    keyframe,
    encodes,
    list: { path: listPath, text: listText(entries) },
    join,
    temporary: [...encodes.map((e) => e.output), listPath],
    reencodedFrames,
    copiedFrames,
  };
}

/** The spans a split at `points` makes of a file `duration` seconds long: [0, p1), [p1, p2) … [pn, duration). */
export function splitSpans(points: readonly number[], duration: number): Span[] {
  const edges = [0, ...points, duration];
  return edges.slice(0, -1).map((start, i) => ({ start, end: edges[i + 1]! }));
}
