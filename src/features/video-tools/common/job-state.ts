import type { JobFailure } from './job-error';

/** One file the operation produced, kept on the device behind an object URL. */
export interface JobResult {
  name: string;
  url: string;
  size: number;
}

/** Which engine made (or is making) the output, shown with the progress and the results. */
export type JobMethod = 'ffmpeg' | 'webcodecsExact' | 'webcodecsSmart';

export type JobState =
  | { status: 'idle' }
  | { status: 'running'; progress: number; method?: JobMethod }
  | { status: 'done'; results: JobResult[]; method?: JobMethod }
  | { status: 'failed'; failure: JobFailure }
  | { status: 'cancelled' };

/**
 * The state after a progress report. A worker reports progress on a channel of its own, so its
 * last report can arrive after the result: it moves a running job, and never turns a finished,
 * failed or cancelled one back to running (which left a done trim showing "100%" for good).
 */
export function progressed(progress: number, method?: JobMethod): (state: JobState) => JobState {
  return (state) => (state.status === 'running' ? { status: 'running', progress, method } : state);
}
