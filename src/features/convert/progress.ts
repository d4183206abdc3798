/** Reports progress only when it moved by a whole percent, so a busy engine does not re-render the list per row. */
export function throttledProgress(report: (fraction: number) => void): (fraction: number) => void {
  let last = -1;
  return (fraction) => {
    const clamped = Math.min(1, Math.max(0, fraction));
    if (clamped - last < 0.01 && clamped < 1) return;
    last = clamped;
    report(clamped);
  };
}

/** Resolves after `ms`, or rejects with AbortError as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('Aborted', 'AbortError'))), { once: true });
  });
}
