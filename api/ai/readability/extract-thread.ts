import { parentPort, workerData } from 'node:worker_threads';
import { decodePage } from './decode-page.js';
import { extractArticle, extractPlainText } from './extract-article.js';
import type { ExtractJob } from './extract-in-thread.js';
import { THREAD_STARTED } from '../threads/run-in-thread.js';

/** Runs in its own worker thread (extract-in-thread.ts): decode, parse and clean one page, post the result. */
const job = workerData as ExtractJob;
parentPort?.postMessage(THREAD_STARTED);
try {
  const body = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength);
  const text = decodePage(body, job.charset, job.html);
  parentPort?.postMessage({ ok: true, result: job.html ? extractArticle(text, job.url) : extractPlainText(text, job.url) });
} catch (err) {
  parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
