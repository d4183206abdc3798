import { run, type RunResult } from './processes.js';

/** What a long operation gets from the job that runs it: a way to stop it, and where to report. */
export interface JobContext {
  signal?: AbortSignal;
  /** 0..1 of this operation (the job keeps the highest value seen). */
  progress?: (fraction: number) => void;
  /** The folder results go to, as soon as it exists (removed when the job fails or is cancelled). */
  folder?: (dir: string) => void;
}

export const NO_JOB: JobContext = {};

const FFMPEG = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

/** Seconds of output written, from one line of ffmpeg's `-progress` output (`out_time_us=…`). */
export function progressSeconds(line: string): number | null {
  const m = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  return m ? Number(m[1]) / 1e6 : null;
}

/**
 * Runs the system ffmpeg with `-progress` on stdout, reporting the fraction of `expectedSeconds`
 * written, stopped by the job's signal.
 */
export function ffmpeg(args: readonly string[], options: { timeoutMs: number; expectedSeconds?: number }, ctx: JobContext = NO_JOB): Promise<RunResult> {
  const expected = options.expectedSeconds ?? 0;
  const onLine =
    ctx.progress && expected > 0
      ? (line: string) => {
          const s = progressSeconds(line);
          if (s !== null) ctx.progress?.(Math.min(1, s / expected));
        }
      : undefined;
  return run('ffmpeg', [...FFMPEG, '-progress', 'pipe:1', '-nostats', ...args], { timeoutMs: options.timeoutMs, signal: ctx.signal, onLine });
}

/** The context of step `index` of `count` equal steps: its progress scaled into its share. */
export function step(ctx: JobContext, index: number, count: number): JobContext {
  return { ...ctx, progress: ctx.progress && ((f) => ctx.progress?.((index + f) / count)) };
}
