/**
 * Where server conversions wait for a worker. The rows in `conversions` are the durable record;
 * a queue only orders the work. Two implementations: the bounded in-process queue below (SQLite,
 * one process) and pg-boss on PostgreSQL (api/jobs/pg-boss-queue.ts), shared by every instance.
 */
export interface JobQueue {
  /**
   * Queues a conversion already charged. False when it could not be queued (full, stopping, or
   * the queue's store failed): the caller refunds it and answers 50301. Queuing the same id twice
   * runs it once. `context` travels with the job to its log lines.
   */
  enqueue(id: string, context?: JobContext): Promise<boolean>;
  /** True when no more jobs are taken now; checked before anything is spent. */
  isFull(): Promise<boolean>;
  /** Jobs waiting to start: in this process's memory, or on pg-boss in PostgreSQL for every instance. */
  backlog(): Promise<number>;
  /** Resolves once nothing of this process runs or waits (tests, shutdown). */
  idle(): Promise<void>;
  /** Jobs of this process: running here, and waiting in memory (always 0 on pg-boss, where they wait in the database). */
  stats(): { running: number; waiting: number };
  /**
   * Starts nothing more and takes no more work (shutdown). Jobs waiting in this process are
   * dropped; their rows stay converting, so the next start picks them up. Returns their ids.
   */
  stop(): string[];
}

/** What a queued job carries besides its conversion's id. */
export interface JobContext {
  /** The request id of the HTTP request that queued it (absent for a job resumed at a start). */
  reqId?: string;
}

export function createJobQueue(opts: {
  concurrency: number;
  capacity: number;
  run: (id: string, context: JobContext) => Promise<void>;
  onError?: (id: string, err: unknown, context: JobContext) => void;
}): JobQueue {
  const waiting: { id: string; context: JobContext }[] = [];
  const queued = new Set<string>();
  let running = 0;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  const pump = () => {
    while (!stopped && running < opts.concurrency && waiting.length > 0) {
      const { id, context } = waiting.shift()!;
      running += 1;
      opts
        .run(id, context)
        .catch((err: unknown) => opts.onError?.(id, err, context))
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
  // A stopping process takes no new jobs: callers answer 50301 before anything is spent.
  const full = () => stopped || waiting.length >= opts.capacity;

  return {
    enqueue(id, context = {}) {
      if (stopped) return Promise.resolve(false);
      if (queued.has(id)) return Promise.resolve(true);
      if (waiting.length >= opts.capacity) return Promise.resolve(false);
      queued.add(id);
      waiting.push({ id, context });
      queueMicrotask(pump);
      return Promise.resolve(true);
    },
    isFull: () => Promise.resolve(full()),
    backlog: () => Promise.resolve(waiting.length),
    idle: () => (running === 0 && (waiting.length === 0 || stopped) ? Promise.resolve() : new Promise((r) => idleWaiters.push(r))),
    stats: () => ({ running, waiting: waiting.length }),
    stop() {
      stopped = true;
      const dropped = waiting.splice(0).map((job) => job.id);
      for (const id of dropped) queued.delete(id);
      queueMicrotask(pump);
      return dropped;
    },
  };
}
