import { describe, expect, it } from 'vitest';
import { withThreads } from './threads';

describe('withThreads', () => {
  it('sets the count for filters, each input and the output', () => {
    expect(withThreads(['-ss', '1', '-i', 'a.mp4', '-i', 'b.mp4', '-c', 'copy', 'o.mp4'], 2)).toEqual([
      '-filter_threads', '2', '-ss', '1', '-threads', '2', '-i', 'a.mp4', '-threads', '2', '-i', 'b.mp4', '-c', 'copy', '-threads', '2', 'o.mp4',
    ]);
  });

  it('keeps the count between 1 and 8', () => {
    expect(withThreads(['-i', 'a', 'o'], 0).slice(0, 2)).toEqual(['-filter_threads', '1']);
    expect(withThreads(['-i', 'a', 'o'], 64).slice(0, 2)).toEqual(['-filter_threads', '8']);
  });
});
