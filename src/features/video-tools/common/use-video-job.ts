import { useCallback, useEffect, useRef, useState } from 'react';
import { checkSizes, estimateOutputBytes } from '@engines/video/limits';
import { createZipBuilder } from '../../../lib/image-workers';
import { spendToolUse } from '../../../lib/tool-use';
import { runVideoJob, type VideoJob } from '../../../lib/video-worker';
import { errorKey, isAbort, toFailure, type JobFailure } from './job-error';

/** One file the operation produced, kept on the device behind an object URL. */
export interface JobResult {
  name: string;
  url: string;
  size: number;
}

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
}

export type JobState =
  | { status: 'idle' }
  | { status: 'running'; progress: number }
  | { status: 'done'; results: JobResult[] }
  | { status: 'failed'; failure: JobFailure }
  | { status: 'cancelled' };

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
    let use: Awaited<ReturnType<typeof spendToolUse>> | undefined;
    try {
      use = await spendToolUse('video-tools', op.subject);
      const files: { name: string; bytes: ArrayBuffer }[] = [];
      for (const [i, job] of op.jobs.entries()) {
        const outputs = await runVideoJob(job, {
          signal: abort.signal,
          onProgress: (p) => setState({ status: 'running', progress: (i + p) / op.jobs.length }),
        });
        files.push(...outputs);
      }
      const named = files.map((f, i) => ({ ...f, name: op.rename ? op.rename(f.name, i) : f.name }));
      const results = op.zipName ? [await zipResults(op.zipName, named)] : named.map((f) => toResult(f.name, new Blob([f.bytes], { type: op.mime })));
      urls.current = results.map((r) => r.url);
      if (!abort.signal.aborted) setState({ status: 'done', results });
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
