import type { JobMethod, JobState } from './use-video-job';

/**
 * The state after a progress report. A worker reports progress on a channel of its own, so its
 * last report can arrive after the result: it moves a running job, and never turns a finished,
 * failed or cancelled one back to running (which left a done trim showing "100%" for good).
 */
export function progressed(progress: number, method?: JobMethod): (state: JobState) => JobState {
  return (state) => (state.status === 'running' ? { status: 'running', progress, method } : state);
}
