import { proxy, transfer } from 'comlink';
import type { Answer, BrowserPdfToolKey, PdfToolFailure, PdfToolsWorkerApi } from '../../../workers/pdf/pdf-tools.worker';
import type { PageTextItem } from '../../../workers/pdf/page-thumbnails';
import { workerSlot } from '../../lib/worker-slot';

export type { BrowserPdfToolKey, PageTextItem, PdfToolFailure };

/**
 * The PDF tools' worker (pdf-lib and pdf.js load only inside it): started on first use, killed
 * when a run is cancelled (pdf-lib cannot be interrupted), shut down after a minute idle.
 */
const slot = workerSlot<PdfToolsWorkerApi>({
  spawn: () => new Worker(new URL('../../../workers/pdf/pdf-tools.worker.ts', import.meta.url), { type: 'module', name: 'pdf-tools' }),
  idleMs: 60_000,
  label: 'PDF tools',
});

async function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/** Thrown for a file the worker could not read (`reason`: encrypted, unreadable, empty…). */
export class PdfToolError extends Error {
  constructor(readonly failure: PdfToolFailure) {
    super(failure.message);
    this.name = 'PdfToolError';
  }
}

/** Opens a PDF in the worker under `id` (for thumbnails later) and answers its page count. */
export async function openPdfPages(id: string, file: Blob, signal?: AbortSignal): Promise<number> {
  const bytes = await bytesOf(file);
  const answer = await slot.run<Answer<number>>((remote) => remote.open(id, transfer(bytes, [bytes.buffer])), signal);
  if (!answer.ok) throw new PdfToolError(answer.error);
  return answer.value;
}

/** JPEG thumbnails of `pages` (1-based), reopening the file if the worker dropped it meanwhile. */
export async function pageThumbnails(id: string, file: Blob, pages: number[], width: number, signal?: AbortSignal): Promise<Uint8Array[]> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await slot.run<Answer<Uint8Array[]> | { ok: false; missing: true }>((remote) => remote.thumbnails(id, pages, width), signal);
    if (answer.ok) return answer.value;
    if ('error' in answer) throw new PdfToolError(answer.error);
    await openPdfPages(id, file, signal);
  }
  throw new PdfToolError({ reason: 'unreadable', message: 'The document could not be reopened' });
}

export type PageText = { width: number; height: number; rotate: number; items: PageTextItem[] };

/** The text runs of page `page` (1-based) with their boxes in points, reopening the file if the worker dropped it meanwhile. */
export async function pageTextOf(id: string, file: Blob, page: number, signal?: AbortSignal): Promise<PageText> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await slot.run<Answer<PageText> | { ok: false; missing: true }>((remote) => remote.text(id, page), signal);
    if (answer.ok) return answer.value;
    if ('error' in answer) throw new PdfToolError(answer.error);
    await openPdfPages(id, file, signal);
  }
  throw new PdfToolError({ reason: 'unreadable', message: 'The document could not be reopened' });
}

/** Whether a PDF is encrypted (read in the worker; a file it cannot read at all answers false). */
export async function isPdfEncrypted(file: Blob): Promise<boolean> {
  const bytes = await bytesOf(file);
  return slot.run<boolean>((remote) => remote.isEncrypted(transfer(bytes, [bytes.buffer])));
}

/**
 * The same file without its encryption (qpdf in the worker), under the same name; PdfToolError
 * `wrongPassword` when the password does not open it. Nothing leaves the device.
 */
export async function unlockPdf(file: File, password: string): Promise<File> {
  const bytes = await bytesOf(file);
  const answer = await slot.run<Answer<Uint8Array>>((remote) => remote.unlock(transfer(bytes, [bytes.buffer]), password));
  if (!answer.ok) throw new PdfToolError(answer.error);
  return new File([answer.value as Uint8Array<ArrayBuffer>], file.name, { type: 'application/pdf', lastModified: file.lastModified });
}

export function forgetPdfPages(id: string): void {
  void slot.run<void>((remote) => remote.close(id)).catch(() => undefined);
}

export interface ToolFileOutput {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

/**
 * Runs a browser tool on the device: each file's bytes are transferred to the worker, the result's
 * back. Aborting terminates the worker and rejects with an AbortError.
 */
export async function runOnDevice(
  key: BrowserPdfToolKey,
  files: File[],
  options: unknown,
  result: { zip: boolean; zipName: string },
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ToolFileOutput> {
  const inputs = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: await bytesOf(file) })));
  const answer = await slot.run<Answer<ToolFileOutput>>(
    (remote) =>
      remote.run(
        key,
        transfer(inputs, inputs.map((i) => i.bytes.buffer as ArrayBuffer)),
        options,
        result,
        opts.onProgress ? proxy(opts.onProgress) : undefined,
      ),
    opts.signal,
  );
  if (!answer.ok) throw new PdfToolError(answer.error);
  return answer.value;
}
