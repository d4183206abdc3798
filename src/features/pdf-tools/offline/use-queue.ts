import type { PendingUse } from './allowance';

/**
 * The offline uses waiting to be recorded, in IndexedDB (they must outlive the tab): one object
 * store with increasing keys, so the order of the runs is the order of the keys. Raw IndexedDB in
 * a few lines rather than a dependency.
 */
const DB_NAME = 'docuflow-offline-uses';
const STORE = 'uses';
const CHANNEL = 'docuflow-offline-uses';

let opened: Promise<IDBDatabase> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
    req.onblocked = () => reject(new Error('IndexedDB blocked'));
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  const tx = db.transaction(STORE, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
  const [result] = await Promise.all([request(work(tx.objectStore(STORE))), done]);
  return result;
}

// ---- Change notices: this tab's listeners, and other tabs through a BroadcastChannel ----

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function ensureChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listeners.forEach((l) => l());
}

function changed(): void {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

/** Calls `listener` whenever the queue changes, in this tab or another; answers the unsubscribe. */
export function onUsesChanged(listener: () => void): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---- The queue ----

/** `userId`'s waiting uses, oldest first. Throws when IndexedDB is unavailable (private mode in some browsers). */
export async function listUses(userId: string): Promise<PendingUse[]> {
  const all = await withStore<PendingUse[]>('readonly', (store) => store.getAll() as IDBRequest<PendingUse[]>);
  return all.filter((use) => use.userId === userId).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

export async function addUse(use: Omit<PendingUse, 'id'>): Promise<void> {
  await withStore('readwrite', (store) => store.add(use));
  changed();
}

export async function markStarted(id: number, documentId: string): Promise<void> {
  const use = await withStore<PendingUse | undefined>('readonly', (store) => store.get(id) as IDBRequest<PendingUse | undefined>);
  if (use) await withStore('readwrite', (store) => store.put({ ...use, documentId }));
}

export async function removeUse(id: number): Promise<void> {
  await withStore('readwrite', (store) => store.delete(id));
  changed();
}
