import { randomInt } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { FilesResult, FrameRequest, MergeResult, SplitRequest, TrimRequest } from '@contracts/local-helper.js';
// Relative, not @engines: the single-file helper bundle (scripts/build/helper-bundle.ts) aliases only @contracts.
import { copyExtension } from '../engines/video/encode.js';
import { planSmartCut, smartCutBlocker, splitSpans, type SmartCutPlan } from '../engines/video/smart-cut.js';
import { packetArgs, parsePackets, parseSmartCutSource, smartCutProbeArgs, type SmartCutSource, type VideoPacket } from '../engines/video/smart-cut-probe.js';
import { snapToKeyframes, trimPlan } from '../engines/video/trim.js';
import type { Span } from '../engines/video/types.js';
import { invalid } from './errors.js';
import { ffmpeg, NO_JOB, step, type JobContext } from './job-context.js';
import { resultFolder } from './paths.js';
import { run } from './processes.js';

/** Frames or pieces one call may write: bounds a mistyped "every 0.1 s" on a long film. */
const MAX_OUTPUTS = 1000;

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_rate?: string;
  channels?: number;
}

export interface Probe {
  duration: number;
  video: ProbeStream | null;
  audio: ProbeStream | null;
}

export async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeoutMs: 60_000 });
  const json = JSON.parse(stdout) as { format?: { duration?: string }; streams?: ProbeStream[] };
  const streams = json.streams ?? [];
  return {
    duration: Number(json.format?.duration ?? 0) || 0,
    video: streams.find((s) => s.codec_type === 'video') ?? null,
    audio: streams.find((s) => s.codec_type === 'audio') ?? null,
  };
}

const listFiles = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((name) => join(dir, name));

/** One frame at a time, or one every N seconds, as JPEG files. */
export async function extractFrames(base: string, input: string, req: FrameRequest, ctx: JobContext = NO_JOB): Promise<FilesResult> {
  const info = await probe(input);
  if (!info.video) throw invalid('file', 'videoHelper.errors.noVideo');
  const folder = resultFolder(base, 'frames', input);
  ctx.folder?.(folder);
  if (req.mode === 'single') {
    if (info.duration > 0 && req.at >= info.duration) throw invalid('at', 'videoHelper.errors.pastEnd');
    await ffmpeg(['-ss', String(req.at), '-i', input, '-frames:v', '1', '-q:v', '2', join(folder, 'frame-0001.jpg')], { timeoutMs: 120_000 }, ctx);
  } else {
    await ffmpeg(['-i', input, '-vf', `fps=1/${req.seconds}`, '-frames:v', String(MAX_OUTPUTS), '-q:v', '2', join(folder, 'frame-%04d.jpg')], { timeoutMs: 30 * 60_000, expectedSeconds: info.duration }, ctx);
  }
  const files = listFiles(folder);
  if (files.length === 0) throw invalid('file', 'videoHelper.errors.noFrames');
  return { files, folder };
}

/**
 * Spec §3 cut_type: equal parts, or pieces of `value` seconds. Streams are copied, so each cut
 * falls on the next keyframe at or after the asked time (fast, and nothing is re-encoded).
 */
export async function splitVideo(base: string, input: string, req: SplitRequest, ctx: JobContext = NO_JOB): Promise<FilesResult> {
  const info = await probe(input);
  if (info.duration <= 0) throw invalid('file', 'videoHelper.errors.noDuration');
  if (req.cutType === 'parts' && !Number.isInteger(req.value)) throw invalid('value', 'videoHelper.errors.partsWhole');
  const piece = req.cutType === 'parts' ? info.duration / req.value : req.value;
  const count = Math.ceil(info.duration / piece - 1e-6);
  if (count < 2) throw invalid('value', 'videoHelper.errors.onePiece');
  if (count > MAX_OUTPUTS) throw invalid('value', 'videoHelper.errors.tooManyPieces');
  const cuts = Array.from({ length: count - 1 }, (_, i) => ((i + 1) * piece).toFixed(3));
  const folder = resultFolder(base, 'split', input);
  ctx.folder?.(folder);
  if (req.mode === 'smart') {
    const spans = splitSpans(cuts.map(Number), info.duration);
    const files = await cutSpans(input, spans, folder, (i) => `part-${String(i).padStart(3, '0')}.mp4`, ctx);
    return { files, folder };
  }
  const ext = extname(input) || '.mp4';
  await ffmpeg(
    ['-i', input, '-map', '0', '-c', 'copy', '-f', 'segment', '-segment_times', cuts.join(','), '-reset_timestamps', '1', join(folder, `part-%03d${ext}`)],
    { timeoutMs: 60 * 60_000, expectedSeconds: info.duration },
    ctx,
  );
  return { files: listFiles(folder), folder };
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const sameStreams = (a: Probe, b: Probe) =>
  a.video?.codec_name === b.video?.codec_name &&
  a.video?.width === b.video?.width &&
  a.video?.height === b.video?.height &&
  a.audio?.codec_name === b.audio?.codec_name &&
  a.audio?.sample_rate === b.audio?.sample_rate &&
  a.audio?.channels === b.audio?.channels;

/** Joins clips (shuffled for the spec's random merge): stream copy when they match, else one re-encode to the first clip's size. */
export async function mergeVideos(base: string, inputs: string[], shuffle: boolean): Promise<MergeResult> {
  const order = shuffle ? shuffled(inputs) : [...inputs];
  const probes = await Promise.all(order.map(probe));
  if (probes.some((p) => !p.video)) throw invalid('files', 'videoHelper.errors.noVideo');
  const first = probes[0] as Probe;
  const copied = probes.every((p) => sameStreams(first, p));
  const folder = resultFolder(base, 'merge', order[0] as string);
  const out = join(folder, `merged${copied ? extname(order[0] as string) || '.mp4' : '.mp4'}`);
  if (copied) {
    const list = join(folder, 'inputs.txt');
    writeFileSync(list, order.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n'));
    try {
      await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-map', '0', '-c', 'copy', out], { timeoutMs: 60 * 60_000 });
    } finally {
      await rm(list, { force: true });
    }
  } else {
    const w = (first.video?.width ?? 1280) & ~1;
    const h = (first.video?.height ?? 720) & ~1;
    const audio = probes.every((p) => p.audio);
    const parts = order.map((_, i) => {
      const v = `[${i}:v]scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,format=yuv420p[v${i}]`;
      return audio ? `${v};[${i}:a]aresample=48000,aformat=channel_layouts=stereo[a${i}]` : v;
    });
    const labels = order.map((_, i) => (audio ? `[v${i}][a${i}]` : `[v${i}]`)).join('');
    const filter = `${parts.join(';')};${labels}concat=n=${order.length}:v=1:a=${audio ? 1 : 0}[v]${audio ? '[a]' : ''}`;
    const maps = audio ? ['-map', '[v]', '-map', '[a]', '-c:a', 'aac'] : ['-map', '[v]'];
    await ffmpeg(
      [...order.flatMap((f) => ['-i', f]), '-filter_complex', filter, ...maps, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-movflags', '+faststart', out],
      { timeoutMs: 2 * 60 * 60_000 },
    );
  }
  return { files: [out], folder, order, copied };
}

/** What a smart cut reads of its input: codec parameters and video packets in decode order. */
export interface SmartCutInput {
  source: SmartCutSource;
  packets: VideoPacket[];
}

/** Probes `input` for smart cuts; the packet list goes through a file (a film's is megabytes, more than `run` keeps). */
export async function readSmartCutInput(input: string, workDir: string, signal?: AbortSignal): Promise<SmartCutInput | null> {
  const listFile = join(workDir, `.packets-${process.pid}-${Date.now()}.csv`);
  try {
    const [meta] = await Promise.all([
      run('ffprobe', smartCutProbeArgs(input, '-').slice(0, -2), { timeoutMs: 60_000, signal }),
      run('ffprobe', packetArgs(input, listFile), { timeoutMs: 30 * 60_000, signal }),
    ]);
    const source = parseSmartCutSource(meta.stdout);
    return source ? { source, packets: parsePackets(await readFile(listFile, 'utf8')) } : null;
  } finally {
    await rm(listFile, { force: true });
  }
}

/** Runs one smart cut plan with the system ffmpeg: pieces, list, join; the pieces are removed after. */
export async function runSmartCut(plan: SmartCutPlan, ctx: JobContext = NO_JOB): Promise<void> {
  try {
    // At once: the tail is mostly decoding up to it, which leaves the head's encoder cores to spare.
    await Promise.all(plan.encodes.map((piece) => ffmpeg(piece.args, { timeoutMs: 30 * 60_000 }, { signal: ctx.signal })));
    await writeFile(plan.list.path, plan.list.text);
    await ffmpeg(plan.join.args, { timeoutMs: 60 * 60_000, expectedSeconds: plan.join.expectedSeconds }, ctx);
  } finally {
    await Promise.all(plan.temporary.map((f) => rm(f, { force: true })));
  }
}

/**
 * Frame-exact cuts of `input` into `folder`, one file per span: smart cuts when the source allows
 * (H.264 with keyframes), else the exact trim (everything re-encoded), which is slower but as exact.
 */
export async function cutSpans(input: string, spans: readonly Span[], folder: string, name: (index: number) => string, ctx: JobContext = NO_JOB): Promise<string[]> {
  const probed = await readSmartCutInput(input, folder, ctx.signal);
  if (!probed) throw invalid('file', 'videoHelper.errors.noVideo');
  const smart = smartCutBlocker(probed.source, probed.packets) === null;
  const files: string[] = [];
  for (const [i, span] of spans.entries()) {
    const out = join(folder, name(i));
    const part = step(ctx, i, spans.length);
    if (smart) await runSmartCut(planSmartCut(input, probed.source, probed.packets, span, { dir: folder, id: `.smart-${i}` }, out), part);
    else await ffmpeg(trimPlan(input, span, 'exact', out).args, { timeoutMs: 60 * 60_000, expectedSeconds: span.end - span.start }, part);
    files.push(out);
  }
  return files;
}

/** One span of a file: smart (default), exact (all re-encoded) or lossless (stream copy from the keyframe before `start`). */
export async function trimVideo(base: string, input: string, req: TrimRequest, ctx: JobContext = NO_JOB): Promise<FilesResult> {
  const info = await probe(input);
  if (!info.video) throw invalid('file', 'videoHelper.errors.noVideo');
  if (info.duration > 0 && req.start >= info.duration) throw invalid('start', 'videoHelper.errors.pastEnd');
  const span = { start: req.start, end: info.duration > 0 ? Math.min(req.end, info.duration) : req.end };
  const folder = resultFolder(base, 'trim', input);
  ctx.folder?.(folder);
  const stem = basename(input, extname(input));
  const mode = req.mode ?? 'smart';
  if (mode === 'smart') return { files: await cutSpans(input, [span], folder, () => `${stem}-trim.mp4`, ctx), folder };
  const ext = mode === 'lossless' ? copyExtension(input) : 'mp4';
  const out = join(folder, `${stem}-trim.${ext}`);
  let cut = span;
  if (mode === 'lossless') {
    const probed = await readSmartCutInput(input, folder, ctx.signal);
    cut = snapToKeyframes(span, (probed?.packets ?? []).filter((p) => p.key).map((p) => p.pts));
  }
  await ffmpeg(trimPlan(input, cut, mode, out).args, { timeoutMs: 60 * 60_000, expectedSeconds: cut.end - cut.start }, ctx);
  return { files: [out], folder };
}
