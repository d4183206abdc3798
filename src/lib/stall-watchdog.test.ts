import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stallWatchdog } from './stall-watchdog';

describe('stallWatchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first sign of life, then stops a run quiet for the limit', () => {
    const w = stallWatchdog(1000);
    vi.advanceTimersByTime(5000);
    expect(w.signal.aborted).toBe(false);
    w.alive();
    vi.advanceTimersByTime(900);
    w.alive();
    vi.advanceTimersByTime(900);
    expect(w.signal.aborted).toBe(false);
    vi.advanceTimersByTime(200);
    expect(w.signal.aborted).toBe(true);
    expect(w.stalled()).toBe(true);
  });

  it("follows the caller's cancel, which is not a stall, and stops nothing once disposed", () => {
    const outer = new AbortController();
    const w = stallWatchdog(1000, outer.signal);
    w.alive();
    outer.abort();
    expect(w.signal.aborted).toBe(true);
    expect(w.stalled()).toBe(false);
    const quiet = stallWatchdog(1000);
    quiet.alive();
    quiet.dispose();
    vi.advanceTimersByTime(5000);
    expect(quiet.signal.aborted).toBe(false);
    // The run's last progress message arriving after its result: nothing is armed again.
    quiet.alive();
    vi.advanceTimersByTime(5000);
    expect(quiet.signal.aborted).toBe(false);
  });
});
