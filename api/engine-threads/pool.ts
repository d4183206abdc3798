import { Piscina } from 'piscina';
import { MessageChannel } from 'node:worker_threads';
import { EngineJobError, ownedBytes, type EngineJob, type EnginePort, type EngineResult, type ThreadAnswer, type ThreadTask } from './types.js';

export interface EnginePoolOptions {
  threads: number;
  /** Running time allowed to one job, counted from the moment it gets a thread; past it that thread is terminated. */
  timeoutMs: number;
  /** Old-generation heap of each thread (MB), so one job cannot take the process's memory. */
  memoryMb: number;
  /**
   * Running time added to a job for each scanned page it reads by OCR (default 60 s). Tesseract
   * takes 3-9 s of CPU a page and several times that on a loaded machine, so a scan of a few pages
   * is a legitimate job far longer than a conversion of text; each page's tools keep their own
   * limit (page-ocr.ts), so a job still cannot run unbounded.
   */
  ocrPageMs?: number;
  /** Jobs allowed to wait for a thread; one more fails at once with `busy`. Default: 4 per thread. */
  maxQueue?: number;
  /** How long an idle thread is kept before it exits, so an idle server holds no engine memory. */
  idleTimeoutMs?: number;
  /** Told about thread errors no job was waiting on (they would otherwise crash the process). */
  onError?: (err: unknown) => void;
}

export interface EnginePool extends EnginePort {
  /** Jobs running and waiting now (they wait here, not in piscina's queue). */
  stats(): { running: number; waiting: number };
  /** Threads alive now (idle ones exit after their idle timeout). */
  threads(): number;
  /** Fails waiting jobs with `cancelled`, terminates every thread. Call after the job queue is idle. */
  close(): Promise<void>;
}

/** The thread's entry: a plain .mjs that registers the TS loader first (see its comment). */
const ENTRY = new URL('./thread-entry.mjs', import.meta.url).href;
/** How long a thread may take to start and load the job's engine before the job fails as over its time limit. */
const STARTUP_LIMIT_MS = 30_000;
const OCR_PAGE_MS = 60_000;
/**
 * How much lower than the request thread's an engine thread's scheduling priority is (Linux nice).
 * 10: against a busy request thread an engine thread gets about a tenth of a core, so requests
 * come first; at 19 (about 1.5%) any other normal-priority work on the machine starved the
 * engine threads until their jobs timed out (a fresh clone's build beside the unit files, CI
 * 2026-11-28).
 */
const ENGINE_NICENESS = 10;

interface Waiter {
  start(): void;
  fail(err: EngineJobError): void;
}

/**
 * Runs engine ops (PDF, spreadsheet, Word) in worker threads, off the request thread, each job
 * under a time and a memory limit. Jobs wait here, not in piscina's own queue, so that a job's
 * time limit counts its running time only and the queue's bound is ours to answer `busy` on.
 */
export function createEnginePool(opts: EnginePoolOptions): EnginePool {
  const maxQueue = opts.maxQueue ?? opts.threads * 4;
  const piscina = new Piscina({
    filename: ENTRY,
    minThreads: 0,
    maxThreads: opts.threads,
    idleTimeout: opts.idleTimeoutMs ?? 60_000,
    resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb },
    // Engine threads run at a lower CPU priority, so on a busy machine the request thread is scheduled first.
    niceIncrement: ENGINE_NICENESS,
  });
  // piscina emits 'error' for a thread that fails with no job on it; unheard, that ends the process.
  piscina.on('error', (err: unknown) => opts.onError?.(err));
  let running = 0;
  let closed = false;
  const waiting: Waiter[] = [];
  const live = new Set<AbortController>();

  function acquire(signal: AbortSignal | undefined): Promise<void> {
    if (closed) return Promise.reject(new EngineJobError('cancelled', 'The engine pool is closed'));
    if (signal?.aborted) return Promise.reject(new EngineJobError('cancelled', 'Cancelled before it started'));
    if (running < opts.threads) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= maxQueue) return Promise.reject(new EngineJobError('busy', `Engine queue full (${maxQueue} waiting)`));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new EngineJobError('cancelled', 'Cancelled while waiting for a thread'));
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(waiter);
    });
  }

  // A finishing job hands its thread slot straight to the next waiter, so `running` never dips.
  function release(): void {
    const next = waiting.shift();
    if (next) next.start();
    else running -= 1;
  }

  async function runOnThread(job: EngineJob, signal: AbortSignal | undefined): Promise<EngineResult> {
    const limit = new AbortController();
    const overLimit = (what: string) => () => limit.abort(new EngineJobError('timeLimit', `Engine job over its ${what} limit`));
    // The job's own limit runs from the moment its thread has the engine loaded; until then only
    // the start-up bound applies (a thread started afresh on a loaded machine took seconds).
    let timer = setTimeout(overLimit(`${STARTUP_LIMIT_MS} ms start-up`), STARTUP_LIMIT_MS);
    // The thread says 'started' once its engine is loaded, then 'page' before each scanned page it reads.
    const { port1: startedSignal, port2: started } = new MessageChannel();
    let deadline = 0;
    let pages = 0;
    startedSignal.on('message', (message) => {
      if (message === 'started') deadline = performance.now() + opts.timeoutMs;
      else if (message === 'page' && deadline > 0) {
        pages += 1;
        deadline += opts.ocrPageMs ?? OCR_PAGE_MS;
      } else return;
      clearTimeout(timer);
      timer = setTimeout(overLimit(`${opts.timeoutMs} ms${pages ? ` + ${pages} scanned page(s)` : ''}`), Math.max(0, deadline - performance.now()));
    });
    const onCallerAbort = () => limit.abort(new EngineJobError('cancelled', 'Cancelled'));
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    live.add(limit);
    const bytes = ownedBytes(job.bytes);
    try {
      const task: ThreadTask = { ...job, bytes, started };
      const answer = (await piscina.run(task, { signal: limit.signal, transferList: [bytes.buffer as ArrayBuffer, started] })) as ThreadAnswer;
      if (!answer.ok) throw new EngineJobError(answer.reason, answer.message);
      return { name: answer.name, bytes: answer.bytes, ...(answer.recognised ? { recognised: answer.recognised } : {}) };
    } catch (err) {
      throw failureOf(err, limit.signal);
    } finally {
      clearTimeout(timer);
      startedSignal.close();
      signal?.removeEventListener('abort', onCallerAbort);
      live.delete(limit);
    }
  }

  return {
    async run(job, { signal } = {}) {
      await acquire(signal);
      try {
        return await runOnThread(job, signal);
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
    threads: () => piscina.threads.length,
    async close() {
      closed = true;
      for (const w of waiting.splice(0)) w.fail(new EngineJobError('cancelled', 'The engine pool is closed'));
      for (const c of live) c.abort(new EngineJobError('cancelled', 'The engine pool is closed'));
      await piscina.destroy();
    },
  };
}

/** Maps what piscina rejected with to the reason the user is shown. */
function failureOf(err: unknown, limit: AbortSignal): EngineJobError {
  if (err instanceof EngineJobError) return err;
  // piscina rejects an aborted job with its own AbortError; the abort's reason says which limit.
  if (limit.aborted && limit.reason instanceof EngineJobError) return limit.reason;
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return new EngineJobError('memoryLimit', message);
  return new EngineJobError('crashed', message);
}
