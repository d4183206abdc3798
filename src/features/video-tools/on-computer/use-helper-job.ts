import { useCallback, useEffect, useRef, useState } from 'react';
import type { HelperJob, HelperJobRequest } from '@contracts/local-helper';
import { isApiError } from '../../../lib/api-client';
import { QUOTA_CODES } from '../../../lib/components/quota-error-notice';
import { helperJobs } from '../../../lib/local-helper-jobs';
import { helperFieldErrors } from '../../../lib/local-helper-text';
import { spendToolUse, toolUseOf, type ToolUse } from '../../../lib/tool-use';
import type { JobFailure } from '../common/job-error';
import { forgetHelperJob, recallHelperJob, rememberHelperJob, type HelperPanel } from './helper-job-memory';

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

interface Run {
  jobId: string | null;
  /** The user cancelled: a job not started yet is not started, a running one is told to stop. */
  stopped: boolean;
  /** The panel went away: stop following (the job stays remembered, the next visit follows it). */
  detached: boolean;
}

/**
 * One operation at a time on the helper: spends one use of the video tools (as in the browser),
 * starts the job, follows its progress, and gives the use back when it fails or is cancelled.
 * The job and its use are remembered for the panel until it ends, so a reload follows it on
 * (docs/local-helper.md): the helper goes on working while the page is away.
 */
export function useHelperJob(panel: HelperPanel) {
  const [state, setState] = useState<HelperJobState>({ status: 'idle' });
  const current = useRef<Run | null>(null);

  /** Follows a started job to its end: the result, or the use given back. */
  const follow = useCallback(
    async (run: Run, first: HelperJob | null, jobId: string, use: ToolUse) => {
      try {
        let job = first;
        while (!job || job.state === 'running') {
          if (job) await new Promise((r) => setTimeout(r, POLL_MS));
          if (run.detached) return;
          const found = (await helperJobs.list()).find((j) => j.jobId === jobId);
          if (!found) throw new Error('job lost');
          job = found;
          if (current.current === run && job.state === 'running') setState({ status: 'running', progress: job.progress });
        }
        forgetHelperJob(panel);
        if (job.state === 'succeeded') {
          if (current.current === run) setState({ status: 'done', job });
          return;
        }
        await use.refund();
        if (current.current !== run) return;
        if (job.state === 'cancelled') setState({ status: 'cancelled' });
        else setState({ status: 'failed', failure: { kind: 'message', key: job.error ?? 'videoHelper.errors.jobFailed' } });
      } catch (error) {
        forgetHelperJob(panel);
        await use.refund();
        if (current.current === run) setState({ status: 'failed', failure: failureOf(error) });
      }
    },
    [panel],
  );

  useEffect(() => {
    // A job this panel started before a reload: followed on, and cancellable again.
    const remembered = recallHelperJob(panel);
    if (remembered) {
      const run: Run = { jobId: remembered.jobId, stopped: false, detached: false };
      current.current = run;
      setState({ status: 'running', progress: 0 });
      void follow(run, null, remembered.jobId, toolUseOf(remembered.useId, 1));
    }
    return () => {
      if (current.current) current.current.detached = true;
    };
  }, [panel, follow]);

  const start = useCallback(
    async (request: HelperJobRequest, subject: string) => {
      const run: Run = { jobId: null, stopped: false, detached: false };
      current.current = run;
      setState({ status: 'running', progress: 0 });
      let use: ToolUse | undefined;
      let started: HelperJob;
      try {
        use = await spendToolUse('video-tools', subject);
        if (run.stopped) throw new DOMException('cancelled', 'AbortError');
        started = await helperJobs.start(request);
      } catch (error) {
        await use?.refund();
        if (current.current !== run) return;
        if (error instanceof DOMException && error.name === 'AbortError') setState({ status: 'cancelled' });
        else setState({ status: 'failed', failure: failureOf(error) });
        return;
      }
      run.jobId = started.jobId;
      rememberHelperJob(panel, { jobId: started.jobId, useId: use.useId });
      if (run.stopped) void helperJobs.cancel(started.jobId).catch(() => undefined);
      await follow(run, started, started.jobId, use);
    },
    [panel, follow],
  );

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
