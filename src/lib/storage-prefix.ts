/**
 * Spec §9: local storage keys carry a configured prefix, so two deployments on one origin (or a
 * staging copy under the same host) never read each other's settings. Set VITE_STORAGE_PREFIX at
 * build time; without it the prefix below is used. An empty prefix keeps the old bare names.
 */
export const DEFAULT_STORAGE_PREFIX = 'docuflow:';

// `env` is absent when Node runs this file without Vite (tsx scripts that import the default).
export const STORAGE_PREFIX: string = (import.meta.env as ImportMetaEnv | undefined)?.VITE_STORAGE_PREFIX ?? DEFAULT_STORAGE_PREFIX;

/** Names written before keys had a prefix: exact names, and families (one key per user id). */
const LEGACY_NAMES: ReadonlySet<string> = new Set(['lang', 'userInfo', 'logId', 'imageTools.config', 'adminDrawerOpen']);
const LEGACY_FAMILIES: readonly string[] = ['convert.serverTasks.'];

/** Written (under the prefix) once the bare names have been moved, so the move runs once. */
export const MIGRATED_MARK = 'storageVersion';

export function isLegacyName(key: string): boolean {
  return LEGACY_NAMES.has(key) || LEGACY_FAMILIES.some((family) => key.startsWith(family));
}

/** The part of the Web Storage interface the move needs (a real localStorage in the browser). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * Moves the settings saved under bare names to their prefixed names, once per storage: a value
 * already saved under the prefixed name wins, and the bare copy is removed either way (it may
 * hold the user's profile). Returns the names it moved or dropped.
 */
export function migrateUnprefixedKeys(storage: KeyValueStorage, prefix: string): string[] {
  if (prefix === '' || storage.getItem(prefix + MIGRATED_MARK) !== null) return [];
  const names: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && isLegacyName(key)) names.push(key);
  }
  for (const name of names) {
    const value = storage.getItem(name);
    if (value !== null && storage.getItem(prefix + name) === null) storage.setItem(prefix + name, value);
    storage.removeItem(name);
  }
  storage.setItem(prefix + MIGRATED_MARK, '1');
  return names;
}
