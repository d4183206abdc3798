import { useCallback, useEffect, useRef, useState } from 'react';
import { checkSizes, estimateOutputBytes } from '@engines/video/limits';
import { createZipBuilder } from '../../../lib/image-workers';
import { spendToolUse } from '../../../lib/tool-use';
import { runVideoJob, type VideoJob } from '../../../lib/video-worker';
import { errorKey, isAbort, toFailure } from './job-error';
import { progressed, type JobMethod, type JobResult, type JobState } from './job-state';

export type { JobMethod, JobResult, JobState } from './job-state';

/** An operation as the forms describe it: the jobs to run in order and how to hand back the outputs. */
export interface Operation {
  /** Shown in the usage history (no file content). */
  subject: string;
  jobs: VideoJob[];
  /** Input sizes, and the seconds in and out, for the browser's size limits. */
  sizes: { inputBytes: number[]; inputSeconds: number; outputSeconds: number };
  /** Output names, each job's outputs renamed in order; one name per output. */
  rename?: (name: string, index: number) => string;
  /** Packs every output into one zip of this name instead of separate files. */
  zipName?: string;
  mime: string;
  /**
   * A faster way to the same output on this device (the browser's own codecs, WebCodecs), tried
   * first: null when the browser or the file cannot take it, and then `jobs` run in ffmpeg.wasm.
   */
  fast?: { method: JobMethod; run: (opts: { signal: AbortSignal; onProgress: (fraction: number) => void }) => Promise<FastOutput | null> };
}

export interface FastOutput {
  name: string;
  bytes: ArrayBuffer;
  method: JobMethod;
}

/**
 * Runs operations one at a time: checks the browser's limits, spends one use of the video tools
 * (before anything runs), runs the jobs in the ffmpeg worker, and gives the use back if the
 * operation fails or is cancelled. Results stay on the device as object URLs, freed on the next
 * run and on unmount.
 */
export function useVideoJob() {
  const [state, setState] = useState<JobState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const urls = useRef<string[]>([]);

  const freeUrls = () => {
    for (const u of urls.current) URL.revokeObjectURL(u);
    urls.current = [];
  };
  useEffect(() => () => {
    controller.current?.abort();
    freeUrls();
  }, []);

  const start = useCallback(async (op: Operation) => {
    controller.current?.abort();
    freeUrls();
    const abort = new AbortController();
    controller.current = abort;
    const { inputBytes, inputSeconds, outputSeconds } = op.sizes;
    const verdict = checkSizes(inputBytes, estimateOutputBytes(Math.max(...inputBytes), inputSeconds, outputSeconds));
    if (!verdict.ok) {
      setState({ status: 'failed', failure: { kind: 'message', key: errorKey(verdict.reason) } });
      return;
    }
    setState({ status: 'running', progress: 0 });
    const report = (progress: number, method?: JobMethod) => {
      if (controller.current === abort) setState(progressed(progress, method));
    };
    let use: Awaited<ReturnType<typeof spendToolUse>> | undefined;
    try {
      use = await spendToolUse('video-tools', op.subject);
      const files: { name: string; bytes: ArrayBuffer }[] = [];
      const tried = op.fast;
      const fast = tried ? await tryFast(tried.run, abort.signal, (p) => report(p, tried.method)) : null;
      // Shown only where a faster way was offered: which one ran, or that ffmpeg.wasm had to.
      const method: JobMethod | undefined = fast?.method ?? (tried ? 'ffmpeg' : undefined);
      if (fast) files.push(fast);
      else if (tried) setState({ status: 'running', progress: 0, method });
      for (const [i, job] of (fast ? [] : op.jobs).entries()) {
        const outputs = await runVideoJob(job, {
          signal: abort.signal,
          onProgress: (p) => report((i + p) / op.jobs.length, method),
        });
        files.push(...outputs);
      }
      const named = files.map((f, i) => ({ ...f, name: op.rename ? op.rename(f.name, i) : f.name }));
      const results = op.zipName ? [await zipResults(op.zipName, named)] : named.map((f) => toResult(f.name, new Blob([f.bytes], { type: op.mime })));
      urls.current = results.map((r) => r.url);
      if (!abort.signal.aborted) setState({ status: 'done', results, method });
    } catch (error) {
      await use?.refund();
      if (isAbort(error)) setState({ status: 'cancelled' });
      else setState({ status: 'failed', failure: toFailure(error) });
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, cancel, reset };
}

/** The fast path's output, or null to run ffmpeg.wasm: a fast run that failed is logged and left to ffmpeg. */
async function tryFast(fast: NonNullable<Operation['fast']>['run'], signal: AbortSignal, onProgress: (fraction: number) => void): Promise<FastOutput | null> {
  try {
    return await fast({ signal, onProgress });
  } catch (error) {
    if (isAbort(error) || signal.aborted) throw error;
    console.warn('the WebCodecs run failed; running ffmpeg.wasm instead', error);
    return null;
  }
}

function toResult(name: string, blob: Blob): JobResult {
  return { name, url: URL.createObjectURL(blob), size: blob.size };
}

async function zipResults(zipName: string, files: { name: string; bytes: ArrayBuffer }[]): Promise<JobResult> {
  const zip = createZipBuilder();
  try {
    for (const f of files) await zip.add(f.name, f.bytes);
    // Clips of one job stay far below a part's 1 GB (the browser's limits), so one part.
    const [archive] = await zip.finish();
    return toResult(zipName, archive ?? new Blob([], { type: 'application/zip' }));
  } finally {
    zip.dispose();
  }
}
