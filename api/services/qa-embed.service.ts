import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { EMBED_BATCH, EMBEDDING_MODEL, type Embedder } from '../ai/embeddings/embedder.js';
import type { Db } from '../db/index.js';
import { listQaPairs, qaBotVersion } from '../repositories/qa-bots.repository.js';
import { findStoredHashes, findVectors, insertVectors } from '../repositories/qa-vectors.repository.js';
import { lruGet, lruSet } from './lru-map.js';
import { parseStrings } from './qa-bot.service.js';
import { semanticTextsOf } from '@engines/qa/semantic.js';

/** The key a text's vector is stored under (with the model's name). */
export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

export interface QaEmbedProgress {
  /** The bot's distinct texts with a stored vector, of `total`. */
  ready: number;
  total: number;
  /** The bot's job is queued or running in this process. */
  running: boolean;
}

export interface QaEmbedDeps {
  db: Db;
  embedder: Embedder;
  logger: Logger;
  now?: () => number;
  /** Vectors kept in memory in front of the table (2 KB each). */
  cachedVectors?: number;
}

/** After a failed job, a bot is not picked up again by `progress` for this long (the bot page polls it). */
const RETRY_AFTER_MS = 60_000;
/** Bots whose complete state (by version) is remembered, sparing the count on each poll. */
const COMPLETE_BOTS = 10_000;

interface Job {
  botId: string;
  ready: number;
  total: number;
  /** ready and total are known (the job has read the bot's texts). */
  counted: boolean;
  /** The bot changed while this job ran: run it again after. */
  again: boolean;
}

/**
 * Sentence vectors of the QA bots' texts: a background job per bot (one at a time, in this
 * process) embeds the texts that have no stored vector yet, so the ask path only reads them.
 * Vectors are shared by text, so an edit embeds only the texts it changed.
 */
export function createQaEmbedService({ db, embedder, logger, now = Date.now, cachedVectors = 4_000 }: QaEmbedDeps) {
  const model = EMBEDDING_MODEL;
  const waiting = new Set<string>();
  let current: Job | null = null;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  const hooks: ((botId: string) => Promise<void>)[] = [];
  const failedAt = new Map<string, number>();
  const complete = new Map<string, { version: number; total: number }>();
  const cache = new Map<string, Float32Array>();

  async function botHashes(botId: string): Promise<Map<string, string>> {
    const rows = await listQaPairs(db, botId);
    const texts = semanticTextsOf(rows.map((r) => ({ question: r.question, alternatives: parseStrings(r.alternatives), answer: r.answer })));
    return new Map(texts.map((t) => [textHash(t), t]));
  }

  function pump() {
    if (current) return;
    const botId = stopped ? undefined : waiting.values().next().value;
    if (botId === undefined) {
      const done = idleWaiters;
      idleWaiters = [];
      for (const resolve of done) resolve();
      return;
    }
    waiting.delete(botId);
    const job: Job = { botId, ready: 0, total: 0, counted: false, again: false };
    current = job;
    void run(job).finally(() => {
      current = null;
      if (job.again && !stopped) waiting.add(job.botId);
      pump();
    });
  }

  /** Never rejects: a failure is logged and leaves the stored vectors (and so the progress) where they were. */
  async function run(job: Job): Promise<void> {
    const started = now();
    try {
      // Read before the texts: a change committed in between makes this version stale, never the texts.
      const version = await qaBotVersion(db, job.botId);
      if (version === undefined) return;
      const byHash = await botHashes(job.botId);
      const stored = await findStoredHashes(db, model, [...byHash.keys()]);
      const missing = [...byHash].filter(([hash]) => !stored.has(hash));
      job.total = byHash.size;
      job.ready = byHash.size - missing.length;
      job.counted = true;
      for (let i = 0; i < missing.length; i += EMBED_BATCH) {
        if (stopped) return;
        const part = missing.slice(i, i + EMBED_BATCH);
        const vectors = await embedder.embed(part.map(([, text]) => text));
        const rows = part.map(([hash], k) => ({ hash, vector: vectors[k]! }));
        await insertVectors(db, model, rows);
        for (const r of rows) lruSet(cache, r.hash, r.vector, cachedVectors);
        job.ready += part.length;
      }
      failedAt.delete(job.botId);
      lruSet(complete, job.botId, { version, total: job.total }, COMPLETE_BOTS);
      if (missing.length > 0) logger.info({ botId: job.botId, embedded: missing.length, total: job.total, ms: now() - started }, 'QA texts embedded');
      for (const hook of hooks) {
        if (stopped) return;
        try {
          await hook(job.botId);
        } catch (err) {
          logger.error({ err, botId: job.botId }, 'QA after-embedding hook failed');
        }
      }
    } catch (err) {
      // A stop fails the batch in flight: that is no fault, the texts are embedded after the next start.
      if (stopped) return;
      failedAt.set(job.botId, now());
      logger.error({ err, botId: job.botId }, 'QA embedding failed: the bot answers by keywords alone until it is embedded');
    }
  }

  function idle(): Promise<void> {
    if (!current && (waiting.size === 0 || stopped)) return Promise.resolve();
    return new Promise<void>((resolve) => idleWaiters.push(resolve));
  }

  function schedule(botId: string): void {
    if (stopped) return;
    if (current?.botId === botId) current.again = true;
    else waiting.add(botId);
    pump();
  }

  return {
    schedule,

    /**
     * The bot's embedding progress: the running job's count, else counted from the table (cheap
     * once complete for the bot's version). A bot with texts left and no job queued gets one, so a
     * job cut by a restart, or a bot from before vectors existed, catches up when it is looked at.
     */
    async progress(botId: string, version?: number): Promise<QaEmbedProgress> {
      if (current?.botId === botId && current.counted) return { ready: current.ready, total: current.total, running: true };
      let running = current?.botId === botId || waiting.has(botId);
      const v = version ?? (await qaBotVersion(db, botId));
      if (v === undefined) return { ready: 0, total: 0, running: false };
      const done = complete.get(botId);
      if (done?.version === v) return { ready: done.total, total: done.total, running };
      const hashes = [...(await botHashes(botId)).keys()];
      const ready = (await findStoredHashes(db, model, hashes)).size;
      if (ready === hashes.length) {
        if (!running) lruSet(complete, botId, { version: v, total: ready }, COMPLETE_BOTS);
      } else if (!running && !stopped && now() - (failedAt.get(botId) ?? -Infinity) >= RETRY_AFTER_MS) {
        schedule(botId);
        running = true;
      }
      return { ready, total: hashes.length, running };
    },

    /** The stored vectors of these texts, by text; a text without one is absent. */
    async vectors(texts: string[]): Promise<Map<string, Float32Array>> {
      const out = new Map<string, Float32Array>();
      const missing = new Map<string, string[]>();
      for (const text of texts) {
        const hash = textHash(text);
        const hit = lruGet(cache, hash);
        if (hit) out.set(text, hit);
        else missing.set(hash, [...(missing.get(hash) ?? []), text]);
      }
      if (missing.size > 0) {
        for (const [hash, vector] of await findVectors(db, model, [...missing.keys()])) {
          lruSet(cache, hash, vector, cachedVectors);
          for (const text of missing.get(hash) ?? []) out.set(text, vector);
        }
      }
      return out;
    },

    /** Vectors of texts that are not kept (a visitor's question), straight from the model. */
    embedQuery(texts: string[]): Promise<Float32Array[]> {
      return embedder.embed(texts);
    },

    /** Runs `hook` after each bot's job completes; a hook's failure is logged. */
    afterEmbedded(hook: (botId: string) => Promise<void>): void {
      hooks.push(hook);
    },

    /** Resolves when no job is queued or running. */
    idle,

    /** Shutdown: drops queued jobs and resolves once the running one has stopped (at its next batch, or when the embedder closes). */
    stop(): Promise<void> {
      stopped = true;
      waiting.clear();
      return idle();
    },
  };
}
export type QaEmbedService = ReturnType<typeof createQaEmbedService>;
