import type { MessagePort } from 'node:worker_threads';
import type { RecognisedPage } from '@contracts/documents.js';

/**
 * The contract between the job runner, the engine thread pool and the code each thread runs.
 * Plain types only, so the job runner depends on this port and not on piscina.
 */

/** One engine operation: `bytes` of a `sourceExt` file, converted to the `target` group. */
export interface EngineJob {
  /**
   * What the thread runs: a conversion (the default), or `qaDocument`, which reads a QA document
   * of kind `sourceExt` into pairs (result: its QaImportResult as JSON; `target` unused).
   */
  task?: 'convert' | 'qaDocument';
  sourceExt: string;
  target: string;
  /** The user's file name, used only to name the result. */
  name: string;
  /** Transferred to the thread when it owns its whole buffer: the caller must not use it afterwards. */
  bytes: Uint8Array;
}

export interface EngineResult {
  name: string;
  bytes: Uint8Array;
  /** PDF pages read by OCR and the recognition's confidence (docs/pdf-scan-ocr.md). */
  recognised?: RecognisedPage[];
}

/** What the job runner needs from the engine pool; tests may pass another implementation. */
export interface EnginePort {
  run(job: EngineJob, opts?: { signal?: AbortSignal }): Promise<EngineResult>;
}

/**
 * Why a job failed, as an i18n key under `convert.reasons`: the pool's own limits, or the
 * reason an engine gave for input it could not read (EngineError's reasons, or `failed`).
 */
export type EngineFailureReason = 'timeLimit' | 'memoryLimit' | 'busy' | 'crashed' | 'cancelled' | (string & {});

/** A job that did not produce a result; `reason` is what the user is shown. */
export class EngineJobError extends Error {
  constructor(
    readonly reason: EngineFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'EngineJobError';
  }
}

/** What the pool sends a thread: the job, and a port the thread signals on once its engine is loaded. */
export interface ThreadTask extends EngineJob {
  started: MessagePort;
}

/** What a thread posts back. Errors are answered as data because a thrown error loses `reason` crossing threads. */
export type ThreadAnswer = { ok: true; name: string; bytes: Uint8Array; recognised?: EngineResult['recognised'] } | { ok: false; reason: string; message: string };

/**
 * `bytes` itself when it owns its whole buffer (safe to transfer), else a copy that does. A view
 * into a larger or shared buffer (Node's small-Buffer pool) must never be transferred: that
 * would detach memory other code still uses.
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? bytes : bytes.slice();
}
