import { Worker } from 'node:worker_threads';

/** What a thread entry posts back: its result, or why it failed (an Error does not cross threads whole). */
export type ThreadAnswer<T> = { ok: true; result: T } | { ok: false; message: string };

export class ThreadFailed extends Error {}

/** What a thread posts once its modules are loaded: the job's time limit runs from then on. */
export const THREAD_STARTED = 'started';
/** How long a thread may take to start and load its modules (seconds on a loaded machine). */
const STARTUP_LIMIT_MS = 30_000;

export interface ThreadOptions {
  timeoutMs: number;
  memoryMb: number;
  /** Buffers moved to the thread instead of copied; the caller must not use them afterwards. */
  transfer?: ArrayBuffer[];
}

/**
 * A bounded number of one-off worker threads for the AI tools' CPU-heavy steps (cleaning a
 * fetched page, writing a bilingual PDF), so they never stall the request thread. A thread per
 * job costs a few hundred milliseconds to start and leaves nothing running between jobs; at most
 * MAX_THREADS run at once, the rest wait their turn.
 */
const MAX_THREADS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** Runs `entry` (an .mjs that registers tsx, then posts one ThreadAnswer) on `data`; rejects with ThreadFailed on a failure, a timeout or the memory cap. */
export async function runInThread<T>(entry: URL, data: unknown, opts: ThreadOptions): Promise<T> {
  const release = await slot();
  try {
    const worker = new Worker(entry, { workerData: data, transferList: opts.transfer ?? [], resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb } });
    return await new Promise<T>((resolve, reject) => {
      const giveUp = (why: string) => () => {
        void worker.terminate();
        reject(new ThreadFailed(why));
      };
      let timer = setTimeout(giveUp(`not started within ${STARTUP_LIMIT_MS} ms`), STARTUP_LIMIT_MS);
      worker.on('message', (answer: ThreadAnswer<T> | typeof THREAD_STARTED) => {
        clearTimeout(timer);
        if (answer === THREAD_STARTED) {
          timer = setTimeout(giveUp(`no result within ${opts.timeoutMs} ms`), opts.timeoutMs);
          return;
        }
        void worker.terminate();
        if (answer.ok) resolve(answer.result);
        else reject(new ThreadFailed(answer.message));
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        reject(new ThreadFailed(err.message));
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new ThreadFailed(`thread exited (${code})`));
      });
    });
  } finally {
    release();
  }
}

/** A copy of `bytes` that owns its whole buffer when it does not already (only such a buffer may be transferred). */
export function ownedCopy(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}
