/**
 * A bounded in-process job queue: at most `concurrency` jobs run, at most `capacity` wait.
 * The rows in `conversions` are the durable record; this only orders the work of one process
 * (pg-boss would take its place past one machine, see ARCHITECTURE.md).
 */
export interface JobQueue {
  /** False when the queue is full; the caller answers 50301. */
  enqueue(id: string): boolean;
  isFull(): boolean;
  /** Resolves once nothing runs or waits (tests, shutdown). */
  idle(): Promise<void>;
  stats(): { running: number; waiting: number };
}

export function createJobQueue(opts: {
  concurrency: number;
  capacity: number;
  run: (id: string) => Promise<void>;
  onError?: (id: string, err: unknown) => void;
}): JobQueue {
  const waiting: string[] = [];
  const queued = new Set<string>();
  let running = 0;
  let idleWaiters: (() => void)[] = [];

  const pump = () => {
    while (running < opts.concurrency && waiting.length > 0) {
      const id = waiting.shift()!;
      running += 1;
      opts
        .run(id)
        .catch((err: unknown) => opts.onError?.(id, err))
        .finally(() => {
          running -= 1;
          queued.delete(id);
          pump();
        });
    }
    if (running === 0 && waiting.length === 0) {
      for (const w of idleWaiters) w();
      idleWaiters = [];
    }
  };

  return {
    enqueue(id) {
      if (queued.has(id)) return true;
      if (waiting.length >= opts.capacity) return false;
      queued.add(id);
      waiting.push(id);
      queueMicrotask(pump);
      return true;
    },
    isFull: () => waiting.length >= opts.capacity,
    idle: () => (running === 0 && waiting.length === 0 ? Promise.resolve() : new Promise((r) => idleWaiters.push(r))),
    stats: () => ({ running, waiting: waiting.length }),
  };
}
