import { FILE_RETENTION_MS } from '@contracts/documents';
import { getUserInfo } from '../../lib/session';
import { readJson, writeStorage } from '../../lib/storage';

/** What is remembered of a server task, so its page can pick it up again after a reload or a visit elsewhere. */
export interface StoredServerTask {
  documentId: string;
  name: string;
  key: string;
  target: string;
  size: number;
  createdAt: number;
}

// Per user: another account signing in on this browser must not see these files' names.
const storageKey = () => `convert.serverTasks.${getUserInfo()?.userId ?? 'anonymous'}`;

/** Entries still within the three-hour retention; older ones are dropped (their files are gone). */
export function readServerTasks(now = Date.now()): StoredServerTask[] {
  const list = readJson<StoredServerTask[]>(storageKey());
  if (!Array.isArray(list)) return [];
  return list.filter((t) => typeof t?.documentId === 'string' && now - t.createdAt < FILE_RETENTION_MS);
}

function write(list: StoredServerTask[]): void {
  writeStorage(storageKey(), list.length > 0 ? JSON.stringify(list) : null);
}

export function rememberServerTask(task: StoredServerTask): void {
  write([...readServerTasks().filter((t) => t.documentId !== task.documentId), task]);
}

export function forgetServerTasks(documentIds: readonly string[]): void {
  if (documentIds.length === 0) return;
  write(readServerTasks().filter((t) => !documentIds.includes(t.documentId)));
}
