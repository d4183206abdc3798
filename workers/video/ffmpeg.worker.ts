import { expose, transfer } from 'comlink';
import { isDetectionLine } from '@engines/video/cut-detection';
import { matchesPattern } from '@engines/video/frames';
import { MAX_INPUT_BYTES } from '@engines/video/limits';
import { keyframeArgs, parseKeyframes, parseProbe, parseProgressTime, probeArgs } from '@engines/video/probe';
import type { FfmpegPlan, VideoInfo } from '@engines/video/types';
import { loadCore, type CoreKind, type FfmpegCore } from './core';
import { withThreads } from './threads';

/** One input, mounted read-only at `/in/<name>` (WORKERFS: read from the File, never copied into the heap). */
export interface VideoInput {
  name: string;
  file: File;
}

/** A plan to run, with its inputs and any small text files it reads (a concat list), written to `/out`. */
export interface VideoJob {
  inputs: VideoInput[];
  texts?: { name: string; text: string }[];
  plan: FfmpegPlan;
}

export interface VideoOutput {
  name: string;
  bytes: ArrayBuffer;
}

/** Why a run failed, as a code the page translates (the ffmpeg log tail goes to the console). */
export class VideoJobError extends Error {}

const IN = '/in';
const OUT = '/out';
/** Lines of ffmpeg's log kept for an error report. */
const LOG_TAIL = 30;

let loaded: Promise<{ core: FfmpegCore; kind: CoreKind }> | undefined;
let log: string[] = [];
let onLine: ((line: string) => void) | undefined;

function core(preferThreads = true) {
  loaded ??= loadCore(preferThreads).then((c) => {
    c.core.setLogger(({ message }) => {
      log.push(message);
      if (log.length > LOG_TAIL) log = log.slice(-LOG_TAIL);
      onLine?.(message);
    });
    c.core.FS.mkdir(IN);
    c.core.FS.mkdir(OUT);
    c.core.FS.chdir(OUT);
    return c;
  });
  return loaded;
}

/** Mounts the inputs, runs `body`, and always leaves `/in` unmounted and `/out` empty. */
function withFiles<T>(c: FfmpegCore, job: Pick<VideoJob, 'inputs' | 'texts'>, body: () => T): T {
  for (const input of job.inputs) {
    if (input.file.size > MAX_INPUT_BYTES) throw new VideoJobError('input-too-large');
    if (!/^[\w.-]+$/.test(input.name)) throw new VideoJobError('bad-name');
  }
  // Files renamed to the names the plan uses; a File made from a File shares its bytes.
  c.FS.mount(c.FS.filesystems.WORKERFS, { files: job.inputs.map((i) => new File([i.file], i.name)) }, IN);
  try {
    for (const t of job.texts ?? []) c.FS.writeFile(`${OUT}/${t.name}`, t.text);
    log = [];
    return body();
  } finally {
    c.FS.unmount(IN);
    for (const name of c.FS.readdir(OUT)) if (name !== '.' && name !== '..') c.FS.unlink(`${OUT}/${name}`);
  }
}

function failed(ret: number): VideoJobError {
  console.warn(`ffmpeg exited with ${ret}:\n${log.join('\n')}`);
  return new VideoJobError(log.some((l) => /Cannot allocate memory|out of memory|OOM/i.test(l)) ? 'out-of-memory' : 'ffmpeg-failed');
}

/**
 * Runs ffprobe and reads what it wrote. Its return value is not a verdict: the core leaves `ret`
 * at -1 after a successful ffprobe, so the output file is.
 */
function ffprobe(c: FfmpegCore, args: string[], output: string): string {
  const ret = c.ffprobe(...args);
  c.reset();
  try {
    return c.FS.readFile(output, { encoding: 'utf8' });
  } catch {
    throw failed(ret);
  }
}

const api = {
  /** Loads the core (once); says which one runs. */
  async load(preferThreads: boolean): Promise<CoreKind> {
    return (await core(preferThreads)).kind;
  },

  /** Duration and streams of one file (ffprobe, reading only the headers). */
  async probe(file: File): Promise<VideoInfo> {
    const { core: c } = await core();
    return withFiles(c, { inputs: [{ name: 'probe.bin', file }] }, () => {
      return parseProbe(ffprobe(c, probeArgs(`${IN}/probe.bin`, `${OUT}/probe.json`), `${OUT}/probe.json`));
    });
  },

  /** Keyframe times of the first video stream, from packet flags (no decoding). */
  async keyframes(file: File): Promise<number[]> {
    const { core: c } = await core();
    return withFiles(c, { inputs: [{ name: 'keys.bin', file }] }, () => {
      return parseKeyframes(ffprobe(c, keyframeArgs(`${IN}/keys.bin`, `${OUT}/keys.csv`), `${OUT}/keys.csv`));
    });
  },

  /**
   * Runs a plan that writes nothing (the cut finders, `engines/video/cut-detection.ts`) and returns
   * the log lines its detectors printed. Progress and activity as in `run`.
   */
  async analyse(job: Omit<VideoJob, 'texts'>, onProgress?: (fraction: number) => void, onActivity?: () => void): Promise<string[]> {
    const { core: c, kind } = await core();
    // Fixed thread counts on the threaded core, as for a run: ffmpeg's "auto" stalls it.
    const args = kind === 'mt' ? withThreads(job.plan.args, Math.max(1, Math.min(4, self.navigator.hardwareConcurrency || 2))) : job.plan.args;
    const found: string[] = [];
    let lastActivity = 0;
    onActivity?.();
    return withFiles(c, job, () => {
      onLine = (line) => {
        const now = Date.now();
        if (now - lastActivity >= 1000) {
          lastActivity = now;
          onActivity?.();
        }
        if (isDetectionLine(line)) found.push(line);
        const t = parseProgressTime(line);
        if (t !== null && job.plan.expectedSeconds > 0) onProgress?.(Math.min(1, t / job.plan.expectedSeconds));
      };
      let ret: number;
      try {
        // The log at info level: the detectors print there.
        ret = c.exec('-hide_banner', '-loglevel', 'info', ...args);
      } finally {
        c.reset();
        onLine = undefined;
      }
      if (ret !== 0) throw failed(ret);
      onProgress?.(1);
      return found;
    });
  },

  /**
   * Runs one plan; progress is the output time ffmpeg reports over the plan's expected length.
   * `exec` is synchronous and blocks this worker until ffmpeg returns: progress goes out as
   * messages meanwhile, and the only way to stop a run is to terminate the worker. `onActivity`
   * hears, at most once a second, that ffmpeg is still writing its log (the page's watchdog for
   * a core that hangs, src/lib/video-worker.ts), and once as the run starts.
   */
  async run(job: VideoJob, onProgress?: (fraction: number) => void, onActivity?: () => void): Promise<VideoOutput[]> {
    const { core: c, kind } = await core();
    let lastActivity = 0;
    const active = () => {
      const now = Date.now();
      if (now - lastActivity < 1000) return;
      lastActivity = now;
      onActivity?.();
    };
    active();
    const threads = Math.max(1, Math.min(4, self.navigator.hardwareConcurrency || 2));
    const args = kind === 'mt' ? withThreads(job.plan.args, threads) : job.plan.args;
    const outputs = withFiles(c, job, () => {
      onLine = (line) => {
        active();
        const t = parseProgressTime(line);
        if (t !== null && job.plan.expectedSeconds > 0) onProgress?.(Math.min(1, t / job.plan.expectedSeconds));
      };
      let ret: number;
      try {
        ret = c.exec(...args);
      } finally {
        c.reset();
        onLine = undefined;
      }
      if (ret !== 0) throw failed(ret);
      const names = job.plan.pattern ? c.FS.readdir(OUT).filter((n) => matchesPattern(job.plan.output, n)).sort() : [job.plan.output];
      const texts = new Set((job.texts ?? []).map((t) => t.name));
      return names
        .filter((n) => !texts.has(n))
        .map((name) => {
          const bytes = c.FS.readFile(`${OUT}/${name}`);
          // readFile copies out of the (possibly shared) heap into a buffer of its own.
          return { name, bytes: bytes.buffer.byteLength === bytes.byteLength ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer };
        });
    });
    if (outputs.length === 0 || outputs.some((o) => o.bytes.byteLength === 0)) throw new VideoJobError('no-output');
    onProgress?.(1);
    return transfer(outputs, outputs.map((o) => o.bytes));
  },
};

expose(api);
export type VideoWorkerApi = typeof api;
