import { migrateUnprefixedKeys, STORAGE_PREFIX } from './storage-prefix';

let migrated = false;

/** Moves settings saved under bare names (before keys had a prefix) on first use; never throws. */
function ensureMigrated(): void {
  if (migrated) return;
  migrated = true;
  try {
    migrateUnprefixedKeys(window.localStorage, STORAGE_PREFIX);
  } catch {
    // Storage unavailable: nothing to move.
  }
}

/**
 * The localStorage key of a setting: the build's prefix + its name (spec §9). Code that hands
 * localStorage to a library (jotai's atomWithStorage) uses this; the functions below add it.
 */
export function storageKey(name: string): string {
  ensureMigrated();
  return STORAGE_PREFIX + name;
}

/** localStorage that never throws (private mode, disabled storage, quota). `key` is the name without the prefix. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(key));
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(storageKey(key));
    else window.localStorage.setItem(storageKey(key), value);
  } catch {
    // Storage unavailable: the value simply does not persist.
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
