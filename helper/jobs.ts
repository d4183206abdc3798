import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { HelperJob, HelperJobKind } from '@contracts/local-helper.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { HelperError } from './errors.js';
import type { JobContext } from './job-context.js';
import { ProcessError } from './processes.js';

/** Finished jobs kept for the page (newest first). */
const HISTORY = 50;
/** At most this many at once: each is one or more ffmpeg processes on the user's cores. */
export const MAX_RUNNING = 2;

type Work = (ctx: JobContext) => Promise<{ files: string[]; folder: string; copied?: boolean }>;

interface Running {
  job: HelperJob;
  controller: AbortController;
  done: Promise<void>;
  folder: string | null;
}

/** The message key a failed job shows: the refusal's own key, else "ffmpeg failed". */
function errorKey(error: unknown): string {
  if (error instanceof HelperError && error.data && typeof error.data === 'object') {
    const first = Object.values(error.data as Record<string, unknown>).find((v) => typeof v === 'string');
    if (typeof first === 'string') return first;
  }
  if (error instanceof ProcessError) return 'videoHelper.errors.ffmpegFailed';
  return 'videoHelper.errors.jobFailed';
}

/**
 * The site's operations as jobs: started at once (the call answers with the job), progress from
 * ffmpeg's `-progress`, cancelled by killing ffmpeg; a failed or cancelled job's folder is removed
 * so no half-written result is left behind.
 */
export class JobManager {
  private readonly jobs = new Map<string, Running>();
  private history: HelperJob[] = [];

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  start(kind: HelperJobKind, work: Work): HelperJob {
    if ([...this.jobs.values()].filter((r) => r.job.state === 'running').length >= MAX_RUNNING) {
      throw new HelperError(ErrorCode.VALIDATION_FAILED, 'too many jobs', { jobs: 'videoHelper.errors.busy' });
    }
    const job: HelperJob = { jobId: randomUUID(), kind, state: 'running', progress: 0, files: [], folder: null, copied: null, error: null, startedAt: new Date().toISOString(), endedAt: null };
    const controller = new AbortController();
    const entry: Running = { job, controller, folder: null, done: Promise.resolve() };
    const ctx: JobContext = {
      signal: controller.signal,
      progress: (f) => {
        if (Number.isFinite(f)) job.progress = Math.max(job.progress, Math.min(0.99, f));
      },
      folder: (dir) => {
        entry.folder = dir;
        job.folder = dir;
      },
    };
    this.jobs.set(job.jobId, entry);
    entry.done = work(ctx).then(
      (result) => {
        if (controller.signal.aborted) return this.end(entry, 'cancelled', null);
        Object.assign(job, { files: result.files, folder: result.folder, copied: result.copied ?? null, progress: 1 });
        return this.end(entry, 'succeeded', null);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return this.end(entry, 'cancelled', null);
        this.log(`job ${kind} failed: ${error instanceof Error ? error.message : String(error)}`);
        return this.end(entry, 'failed', errorKey(error));
      },
    );
    return { ...job };
  }

  private async end(entry: Running, state: HelperJob['state'], error: string | null): Promise<void> {
    const { job } = entry;
    if (state !== 'succeeded' && entry.folder) {
      await rm(entry.folder, { recursive: true, force: true });
      job.folder = null;
      job.files = [];
    }
    Object.assign(job, { state, error, endedAt: new Date().toISOString() });
    this.jobs.delete(job.jobId);
    this.history = [{ ...job }, ...this.history].slice(0, HISTORY);
  }

  /** Running jobs, then finished ones, newest first. */
  list(): HelperJob[] {
    return [...[...this.jobs.values()].map((r) => ({ ...r.job })).reverse(), ...this.history];
  }

  get(jobId: string): HelperJob | null {
    return this.list().find((j) => j.jobId === jobId) ?? null;
  }

  /** Stops a running job (its ffmpeg is killed) and waits until its partial results are removed. */
  async cancel(jobId: string): Promise<HelperJob | null> {
    const entry = this.jobs.get(jobId);
    if (entry) {
      entry.controller.abort();
      await entry.done;
    }
    return this.get(jobId);
  }

  async cancelAll(): Promise<void> {
    await Promise.all([...this.jobs.keys()].map((id) => this.cancel(id)));
  }
}
