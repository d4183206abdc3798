/**
 * Stops a worker run that has gone quiet: `signal` aborts when the caller's own signal does, or
 * when `alive()` has not been called for `quietMs` (counted from the first call), and `stalled()`
 * then says which. `dispose()` when the run ends: a sign of life that comes later (a worker's last
 * progress message travels on its own channel and may arrive after the result) arms nothing.
 */
export function stallWatchdog(quietMs: number, outer?: AbortSignal) {
  const stop = new AbortController();
  const cancel = () => stop.abort();
  outer?.addEventListener('abort', cancel, { once: true });
  if (outer?.aborted) stop.abort();
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  return {
    signal: stop.signal,
    alive(): void {
      if (disposed) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        stop.abort();
      }, quietMs);
    },
    /** True when the run was stopped for its silence, not by the caller. */
    stalled: (): boolean => stalled && !outer?.aborted,
    dispose(): void {
      disposed = true;
      clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    },
  };
}
