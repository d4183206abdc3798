import { describe, expect, it } from 'vitest';
import { progressed, type JobState } from './job-state';

describe('progressed', () => {
  it('moves a running job', () => {
    expect(progressed(0.5, 'webcodecsExact')({ status: 'running', progress: 0.2 })).toEqual({ status: 'running', progress: 0.5, method: 'webcodecsExact' });
  });

  it('leaves a job that has ended as it is when a late report comes', () => {
    const ended: JobState[] = [
      { status: 'done', results: [{ name: 'a-trim.mp4', url: 'blob:x', size: 10 }], method: 'webcodecsExact' },
      { status: 'failed', failure: { kind: 'message', key: 'tools.video.job.errors.api' } },
      { status: 'cancelled' },
      { status: 'idle' },
    ];
    for (const state of ended) expect(progressed(1, 'webcodecsExact')(state)).toBe(state);
  });
});
