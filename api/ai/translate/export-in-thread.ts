import type { ReadExportRequest } from '@contracts/ai-read.js';
import { runInThread } from '../threads/run-in-thread.js';

const ENTRY = new URL('./export-entry.mjs', import.meta.url);
/** The thread's message when no CJK font is installed for a Chinese PDF. */
export const NO_FONT = 'no-cjk-font';

/** Writes the bilingual file in a worker thread: a PDF of thousands of paragraphs takes seconds of layout. */
export function exportInThread(req: ReadExportRequest): Promise<Uint8Array> {
  return runInThread<Uint8Array>(ENTRY, req, { timeoutMs: 60_000, memoryMb: 512 });
}
