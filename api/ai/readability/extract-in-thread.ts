import type { ReadUrlResult } from '@contracts/ai-read.js';
import { ownedCopy, runInThread, ThreadFailed } from '../threads/run-in-thread.js';

export interface ExtractJob {
  url: string;
  html: boolean;
  charset: string | undefined;
  /** The page's bytes, moved to the thread. */
  body: Uint8Array;
}

const ENTRY = new URL('./extract-entry.mjs', import.meta.url);
/** A page that takes longer than this to clean (a pathological DOM) is given up. */
export const EXTRACT_TIMEOUT_MS = 20_000;

export { ThreadFailed as ExtractFailed };

/** Decodes and cleans a page (Readability on linkedom) in a worker thread: a 5 MB page takes seconds of CPU. */
export function extractInThread(job: ExtractJob, timeoutMs = EXTRACT_TIMEOUT_MS): Promise<ReadUrlResult> {
  const body = ownedCopy(job.body);
  return runInThread<ReadUrlResult>(ENTRY, { ...job, body }, { timeoutMs, memoryMb: 512, transfer: [body.buffer as ArrayBuffer] });
}
