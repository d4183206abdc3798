import { Worker } from 'node:worker_threads';

/** Stored beside every vector: a new model (or a change of how texts are prepared) gets a new name, so old vectors are never mixed in. */
export const EMBEDDING_MODEL = 'use-lite-en-gloss-240';
/** Universal Sentence Encoder Lite's vector length. */
export const EMBEDDING_DIMENSIONS = 512;
/** Texts sent to the thread at once: past this, a batch is no faster per text and holds the queue longer. */
export const EMBED_BATCH = 64;
/**
 * Characters of a text the model sees: a question whole, an answer's opening (what it is about).
 * The model's time grows with the text: at 1,000 a 5,000-pair import took about 11 minutes
 * (tests/bench/qa-bot.ts, 2026-11-28).
 */
export const EMBED_TEXT_MAX = 240;

export interface EmbedderOptions {
  /** Running time allowed to one batch once the model is loaded; past it the thread is terminated. */
  batchTimeoutMs?: number;
  /** How long the thread may take to start and load the model. */
  startupTimeoutMs?: number;
  /** Old-generation heap of the thread (MB). */
  memoryMb?: number;
  /** Told each time a thread is started (tests use it to kill one). */
  onThread?: (worker: Worker) => void;
}

export interface Embedder {
  /** One unit-length vector per text, in order; texts past EMBED_TEXT_MAX characters are cut. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Terminates the thread and fails what is pending; later calls fail too. */
  close(): Promise<void>;
}

export class EmbedderFailed extends Error {
  override name = 'EmbedderFailed';
}

/** Main thread → embedding thread. */
export interface EmbedRequest {
  id: number;
  texts: string[];
}
/** Embedding thread → main thread: `ready` once the model is loaded, then one reply per request. */
export type EmbedReply = { type: 'ready' } | { type: 'done'; id: number; vectors: Float32Array } | { type: 'failed'; id: number; message: string };

const ENTRY = new URL('./embed-entry.mjs', import.meta.url);

interface Call {
  texts: string[];
  out: Float32Array[];
  left: number;
  settled: boolean;
  resolve(v: Float32Array[]): void;
  reject(err: Error): void;
}
interface Item {
  call: Call;
  index: number;
}
interface Thread {
  worker: Worker;
  ready: boolean;
  timer: NodeJS.Timeout | undefined;
  batch: { id: number; items: Item[] } | null;
}

/**
 * The sentence model in one long-lived worker thread, started on the first call (never at
 * server start: it holds about 170 MB) and kept for the next. Calls queue here and go to the
 * thread in batches of up to EMBED_BATCH texts, one batch at a time. A thread that dies, errs or
 * runs past its limit fails every pending call and is replaced by the next call.
 */
export function createEmbedder(opts: EmbedderOptions = {}): Embedder {
  const batchTimeoutMs = opts.batchTimeoutMs ?? 60_000;
  const startupTimeoutMs = opts.startupTimeoutMs ?? 60_000;
  const memoryMb = opts.memoryMb ?? 512;
  const queue: Item[] = [];
  let thread: Thread | null = null;
  let nextId = 1;
  let closed = false;

  function start(): Thread {
    const worker = new Worker(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    const t: Thread = { worker, ready: false, timer: undefined, batch: null };
    arm(t, startupTimeoutMs, `the embedding model did not load within ${startupTimeoutMs} ms`);
    worker.on('message', (reply: EmbedReply) => onReply(t, reply));
    worker.on('error', (err) => fail(t, `the embedding thread failed: ${err.message}`));
    worker.on('exit', (code) => fail(t, `the embedding thread exited (code ${code})`));
    opts.onThread?.(worker);
    return t;
  }

  function arm(t: Thread, ms: number, why: string) {
    clearTimeout(t.timer);
    t.timer = setTimeout(() => fail(t, why), ms);
  }

  function onReply(t: Thread, reply: EmbedReply) {
    if (t !== thread) return;
    clearTimeout(t.timer);
    if (reply.type === 'ready') {
      t.ready = true;
    } else {
      const items = t.batch?.id === reply.id ? t.batch.items : [];
      t.batch = null;
      if (reply.type === 'done') deliver(items, reply.vectors);
      else for (const { call } of items) settle(call, new EmbedderFailed(`embedding failed: ${reply.message}`));
    }
    pump();
  }

  function deliver(items: Item[], vectors: Float32Array) {
    items.forEach(({ call, index }, k) => {
      if (call.settled) return;
      // A copy per text, so a kept vector does not hold its whole batch's buffer.
      call.out[index] = vectors.slice(k * EMBEDDING_DIMENSIONS, (k + 1) * EMBEDDING_DIMENSIONS);
      if (--call.left === 0) settle(call);
    });
  }

  function settle(call: Call, err?: Error) {
    if (call.settled) return;
    call.settled = true;
    if (err) call.reject(err);
    else call.resolve(call.out);
  }

  /** Ends `t` (if still current) and fails everything pending with `why`. */
  function fail(t: Thread, why: string) {
    if (t !== thread) return;
    thread = null;
    clearTimeout(t.timer);
    void t.worker.terminate();
    const err = new EmbedderFailed(why);
    for (const { call } of t.batch?.items ?? []) settle(call, err);
    for (const { call } of queue.splice(0)) settle(call, err);
  }

  function pump() {
    while (queue.length > 0 && queue[0]!.call.settled) queue.shift();
    if (queue.length === 0) {
      // An idle thread does not keep the process alive; a busy one does, so an awaited call is not dropped.
      if (thread && !thread.batch) thread.worker.unref();
      return;
    }
    thread ??= start();
    thread.worker.ref();
    if (!thread.ready || thread.batch) return;
    const items: Item[] = [];
    while (items.length < EMBED_BATCH && queue.length > 0) {
      const item = queue.shift()!;
      if (!item.call.settled) items.push(item);
    }
    if (items.length === 0) return pump();
    const request: EmbedRequest = { id: nextId++, texts: items.map(({ call, index }) => call.texts[index]!) };
    thread.batch = { id: request.id, items };
    arm(thread, batchTimeoutMs, `an embedding batch took over ${batchTimeoutMs} ms`);
    thread.worker.postMessage(request);
  }

  return {
    embed(texts) {
      if (closed) return Promise.reject(new EmbedderFailed('the embedder is closed'));
      if (texts.length === 0) return Promise.resolve([]);
      return new Promise<Float32Array[]>((resolve, reject) => {
        const call: Call = { texts: texts.map((s) => s.slice(0, EMBED_TEXT_MAX)), out: new Array<Float32Array>(texts.length), left: texts.length, settled: false, resolve, reject };
        for (let index = 0; index < texts.length; index++) queue.push({ call, index });
        pump();
      });
    },
    async close() {
      closed = true;
      const t = thread;
      if (!t) return;
      fail(t, 'the embedder is closed');
      await t.worker.terminate();
    },
  };
}
