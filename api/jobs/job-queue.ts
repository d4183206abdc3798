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
  /**
   * Starts nothing more and takes no more work (shutdown). The waiting jobs are dropped from this
   * process; their rows stay converting, so the next start picks them up. Returns their ids.
   */
  stop(): string[];
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
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  const pump = () => {
    while (!stopped && running < opts.concurrency && waiting.length > 0) {
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
    if (running === 0 && (waiting.length === 0 || stopped)) {
      for (const w of idleWaiters) w();
      idleWaiters = [];
    }
  };

  return {
    enqueue(id) {
      if (stopped) return false;
      if (queued.has(id)) return true;
      if (waiting.length >= opts.capacity) return false;
      queued.add(id);
      waiting.push(id);
      queueMicrotask(pump);
      return true;
    },
    // A stopping process takes no new jobs: callers answer 50301 before anything is spent.
    isFull: () => stopped || waiting.length >= opts.capacity,
    idle: () => (running === 0 && (waiting.length === 0 || stopped) ? Promise.resolve() : new Promise((r) => idleWaiters.push(r))),
    stats: () => ({ running, waiting: waiting.length }),
    stop() {
      stopped = true;
      const dropped = waiting.splice(0);
      for (const id of dropped) queued.delete(id);
      queueMicrotask(pump);
      return dropped;
    },
  };
}
