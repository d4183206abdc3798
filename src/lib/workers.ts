import { proxy, transfer, wrap, type Remote } from 'comlink';
import type { DocumentWorkerApi } from '../../workers/document/document.worker';

/**
 * The only place that creates workers (STYLE.md). A worker starts on first use, is terminated
 * when a caller aborts (the only way to stop a busy engine), and shuts down after being idle.
 */
const IDLE_SHUTDOWN_MS = 60_000;

interface Slot<T> {
  worker: Worker;
  remote: Remote<T>;
  busy: number;
  idleTimer?: ReturnType<typeof setTimeout>;
  /** Rejects the calls in flight: a terminated or crashed worker never answers them. */
  failAll: Set<(error: Error) => void>;
}

let documentSlot: Slot<DocumentWorkerApi> | undefined;

function documentWorker(): Slot<DocumentWorkerApi> {
  if (!documentSlot) {
    const worker = new Worker(new URL('../../workers/document/document.worker.ts', import.meta.url), { type: 'module' });
    const slot: Slot<DocumentWorkerApi> = { worker, remote: wrap<DocumentWorkerApi>(worker), busy: 0, failAll: new Set() };
    // A worker script that fails to load or throws at the top level would leave every call hanging.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      terminate(slot, new Error(`Document worker failed: ${event.message || 'load error'}`));
    });
    documentSlot = slot;
  }
  clearTimeout(documentSlot.idleTimer);
  return documentSlot;
}

function release(slot: Slot<DocumentWorkerApi>): void {
  slot.busy -= 1;
  if (slot.busy > 0 || documentSlot !== slot) return;
  slot.idleTimer = setTimeout(() => terminate(slot, new Error('Document worker shut down')), IDLE_SHUTDOWN_MS);
}

function terminate(slot: Slot<DocumentWorkerApi>, reason: Error): void {
  clearTimeout(slot.idleTimer);
  slot.worker.terminate();
  if (documentSlot === slot) documentSlot = undefined;
  for (const fail of slot.failAll) fail(reason);
  slot.failAll.clear();
}

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
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  const slot = documentWorker();
  slot.busy += 1;
  let fail: (error: Error) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => {
    fail = reject;
  });
  slot.failAll.add(fail);
  const onAbort = () => terminate(slot, new DOMException('Aborted', 'AbortError'));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const call = slot.remote.convert(
      target,
      transfer({ name: file.name, bytes }, [bytes.buffer]),
      opts.onProgress ? proxy(opts.onProgress) : undefined,
    );
    return await Promise.race([call, stopped]);
  } finally {
    // Once this call is over, a later abort of its signal must not kill a worker others now use.
    signal?.removeEventListener('abort', onAbort);
    slot.failAll.delete(fail);
    release(slot);
  }
}
