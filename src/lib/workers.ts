import { proxy, transfer } from 'comlink';
import type { DocumentWorkerApi } from '../../workers/document/document.worker';
import { workerSlot } from './worker-slot';

/**
 * The document worker (STYLE.md: workers are created in src/lib only): started on first use,
 * terminated when a caller aborts (the only way to stop a busy engine), shut down after being
 * idle; a crashed worker rejects every call waiting on it (worker-slot.ts).
 */
const IDLE_SHUTDOWN_MS = 60_000;

const onDocumentWorker = workerSlot<DocumentWorkerApi>({
  spawn: () => new Worker(new URL('../../workers/document/document.worker.ts', import.meta.url), { type: 'module' }),
  idleMs: IDLE_SHUTDOWN_MS,
  label: 'Document',
}).run;

export type DocumentResult = Awaited<ReturnType<DocumentWorkerApi['convert']>>;

/**
 * Converts one file on the device. The file's bytes are transferred to the worker, not copied.
 * Aborting terminates the worker (engines cannot be interrupted otherwise) and rejects with an
 * AbortError; other calls on that worker then reject too, rather than waiting forever.
 */
export async function convertOnDevice(
  target: string,
  file: File,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<DocumentResult> {
  const { signal } = opts;
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  const bytes = new Uint8Array(await file.arrayBuffer());
  return onDocumentWorker<DocumentResult>(
    (remote) => remote.convert(target, transfer({ name: file.name, bytes }, [bytes.buffer]), opts.onProgress ? proxy(opts.onProgress) : undefined),
    signal,
  );
}
