import { useCallback, useEffect, useRef, useState } from 'react';
import type { HelperJob, HelperJobRequest } from '@contracts/local-helper';
import { isApiError } from '../../../lib/api-client';
import { QUOTA_CODES } from '../../../lib/components/quota-error-notice';
import { helperJobs } from '../../../lib/local-helper-jobs';
import { helperFieldErrors } from '../../../lib/local-helper-text';
import { spendToolUse, type ToolUse } from '../../../lib/tool-use';
import type { JobFailure } from '../common/job-error';

export type HelperJobState =
  | { status: 'idle' }
  | { status: 'running'; progress: number }
  | { status: 'done'; job: HelperJob }
  | { status: 'failed'; failure: JobFailure }
  | { status: 'cancelled' };

const POLL_MS = 500;

function failureOf(error: unknown): JobFailure {
  if (isApiError(error) && QUOTA_CODES.includes(error.code)) return { kind: 'quota', code: error.code };
  const field = Object.values(helperFieldErrors(error))[0];
  if (field) return { kind: 'message', key: field };
  if (isApiError(error) && error.code < 0) return { kind: 'message', key: 'videoHelper.errors.unreachableHelper' };
  return { kind: 'message', key: 'videoHelper.errors.jobFailed' };
}

/**
 * One operation at a time on the helper: spends one use of the video tools (as in the browser),
 * starts the job, follows its progress, and gives the use back when it fails or is cancelled.
 */
export function useHelperJob() {
  const [state, setState] = useState<HelperJobState>({ status: 'idle' });
  const current = useRef<{ jobId: string | null; stopped: boolean } | null>(null);
  useEffect(
    () => () => {
      if (current.current) current.current.stopped = true;
    },
    [],
  );

  const start = useCallback(async (request: HelperJobRequest, subject: string) => {
    const run = { jobId: null as string | null, stopped: false };
    current.current = run;
    setState({ status: 'running', progress: 0 });
    let use: ToolUse | undefined;
    try {
      use = await spendToolUse('video-tools', subject);
      if (run.stopped) throw new DOMException('cancelled', 'AbortError');
      const started = await helperJobs.start(request);
      run.jobId = started.jobId;
      if (run.stopped) void helperJobs.cancel(started.jobId).catch(() => undefined);
      let job = started;
      while (job.state === 'running') {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const found = (await helperJobs.list()).find((j) => j.jobId === started.jobId);
        if (!found) throw new Error('job lost');
        job = found;
        if (current.current === run && job.state === 'running') setState({ status: 'running', progress: job.progress });
      }
      if (job.state === 'succeeded') {
        if (current.current === run) setState({ status: 'done', job });
        return;
      }
      await use.refund();
      if (current.current !== run) return;
      if (job.state === 'cancelled') setState({ status: 'cancelled' });
      else setState({ status: 'failed', failure: { kind: 'message', key: job.error ?? 'videoHelper.errors.jobFailed' } });
    } catch (error) {
      await use?.refund();
      if (current.current !== run) return;
      if (error instanceof DOMException && error.name === 'AbortError') setState({ status: 'cancelled' });
      else setState({ status: 'failed', failure: failureOf(error) });
    }
  }, []);

  const cancel = useCallback(() => {
    const run = current.current;
    if (!run) return;
    run.stopped = true;
    // The poll sees the job end as cancelled and refunds; before it started, the start refunds.
    if (run.jobId) void helperJobs.cancel(run.jobId).catch(() => undefined);
  }, []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, start, cancel, reset };
}
