import { wrap, type Remote } from 'comlink';

/**
 * One Comlink worker started on first use and shared by the calls made on it: shut down after
 * `idleMs` without a call, terminated on abort (the engines inside cannot be interrupted), and a
 * terminated or crashed worker rejects every call still waiting on it rather than leaving it
 * hanging. Used by the AI image workers and the ffmpeg worker.
 */
export interface WorkerSlotOptions {
  spawn: () => Worker;
  idleMs: number;
  /** Names the worker in the errors its calls reject with. */
  label: string;
  /** With `onAbort`: how long a call may take to stop by itself before its worker is killed. */
  cancelGraceMs?: number;
}

interface Slot<T> {
  worker: Worker;
  remote: Remote<T>;
  busy: number;
  idleTimer?: ReturnType<typeof setTimeout>;
  failAll: Set<(error: unknown) => void>;
}

const aborted = () => new DOMException('Aborted', 'AbortError');

export function workerSlot<T>({ spawn, idleMs, label, cancelGraceMs = 0 }: WorkerSlotOptions) {
  let slot: Slot<T> | undefined;
  const terminate = (s: Slot<T>, reason: unknown) => {
    clearTimeout(s.idleTimer);
    s.worker.terminate();
    if (slot === s) slot = undefined;
    for (const fail of s.failAll) fail(reason);
    s.failAll.clear();
  };
  const get = (): Slot<T> => {
    if (!slot) {
      const worker = spawn();
      const created: Slot<T> = { worker, remote: wrap<T>(worker), busy: 0, failAll: new Set() };
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        terminate(created, new Error(`${label} worker failed: ${event.message || 'load error'}`));
      });
      slot = created;
    }
    clearTimeout(slot.idleTimer);
    return slot;
  };

  /**
   * Runs one call. On abort the call rejects with an AbortError at once; `onAbort`, when given,
   * asks the worker to stop and the worker is killed only if it has not within the grace time
   * (so it keeps what it loaded); without it the worker is killed at once.
   */
  const run = async <R>(call: (remote: Remote<T>) => Promise<R>, signal?: AbortSignal, onAbort?: (remote: Remote<T>) => void): Promise<R> => {
    if (signal?.aborted) throw aborted();
    const s = get();
    s.busy += 1;
    let fail: (error: unknown) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => {
      fail = reject;
    });
    s.failAll.add(fail);
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    const abort = () => {
      fail(aborted());
      if (onAbort) {
        onAbort(s.remote);
        killTimer = setTimeout(() => terminate(s, aborted()), cancelGraceMs);
      } else terminate(s, aborted());
    };
    signal?.addEventListener('abort', abort, { once: true });
    const settled = call(s.remote);
    try {
      return await Promise.race([settled, stopped]);
    } finally {
      // Once this call is over, a later abort of its signal must not kill a worker others now use.
      signal?.removeEventListener('abort', abort);
      s.failAll.delete(fail);
      if (killTimer) void settled.then(() => clearTimeout(killTimer), () => clearTimeout(killTimer));
      s.busy -= 1;
      if (s.busy === 0 && slot === s) s.idleTimer = setTimeout(() => terminate(s, new Error(`${label} worker shut down`)), idleMs);
    }
  };

  /** Frees the worker now when nothing runs on it (a page that used it went away). */
  const close = () => {
    if (slot && slot.busy === 0) terminate(slot, new Error(`${label} worker closed`));
  };

  return { run, close };
}
