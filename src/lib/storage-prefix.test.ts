import { describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_PREFIX, isLegacyName, migrateUnprefixedKeys, MIGRATED_MARK, STORAGE_PREFIX, type KeyValueStorage } from './storage-prefix';

/** Web Storage's semantics over a Map (Node has no localStorage); the browser passes the real one. */
class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(entries)) this.items.set(k, v);
  }
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.items);
  }
}

const P = 'acme.example:';

describe('storage prefix', () => {
  it('defaults to docuflow: when the build sets none', () => {
    expect(DEFAULT_STORAGE_PREFIX).toBe('docuflow:');
    expect(STORAGE_PREFIX).toBe(import.meta.env.VITE_STORAGE_PREFIX ?? DEFAULT_STORAGE_PREFIX);
  });

  it('moves the settings saved under bare names to prefixed names, and removes the bare copies', () => {
    const userInfo = JSON.stringify({ userId: 'ada' });
    const storage = new MemoryStorage({
      lang: 'zh',
      userInfo,
      logId: 'log-1',
      'imageTools.config': '{"border":{"width":9}}',
      adminDrawerOpen: 'false',
      'convert.serverTasks.ada': '[]',
      unrelated: 'keep me',
    });
    const moved = migrateUnprefixedKeys(storage, P);
    expect(moved.sort()).toEqual(['adminDrawerOpen', 'convert.serverTasks.ada', 'imageTools.config', 'lang', 'logId', 'userInfo']);
    expect(storage.snapshot()).toEqual({
      [`${P}lang`]: 'zh',
      [`${P}userInfo`]: userInfo,
      [`${P}logId`]: 'log-1',
      [`${P}imageTools.config`]: '{"border":{"width":9}}',
      [`${P}adminDrawerOpen`]: 'false',
      [`${P}convert.serverTasks.ada`]: '[]',
      [`${P}${MIGRATED_MARK}`]: '1',
      unrelated: 'keep me',
    });
  });

  it('keeps a value already saved under the prefix (a newer build wrote it)', () => {
    const storage = new MemoryStorage({ lang: 'zh', [`${P}lang`]: 'en' });
    migrateUnprefixedKeys(storage, P);
    expect(storage.getItem(`${P}lang`)).toBe('en');
    expect(storage.getItem('lang')).toBeNull();
  });

  it('runs once: bare names written later (an old tab) are left alone', () => {
    const storage = new MemoryStorage({ lang: 'zh' });
    expect(migrateUnprefixedKeys(storage, P)).toEqual(['lang']);
    storage.setItem('lang', 'en');
    expect(migrateUnprefixedKeys(storage, P)).toEqual([]);
    expect(storage.getItem(`${P}lang`)).toBe('zh');
  });

  it('keeps each deployment to its own prefix', () => {
    const storage = new MemoryStorage({ lang: 'zh' });
    migrateUnprefixedKeys(storage, P);
    expect(migrateUnprefixedKeys(storage, 'other:')).toEqual([]);
    expect(storage.getItem('other:lang')).toBeNull();
  });

  it('does nothing with an empty prefix (keys keep their bare names)', () => {
    const storage = new MemoryStorage({ lang: 'zh' });
    expect(migrateUnprefixedKeys(storage, '')).toEqual([]);
    expect(storage.snapshot()).toEqual({ lang: 'zh' });
  });

  it('knows which bare names are ours', () => {
    expect(isLegacyName('userInfo')).toBe(true);
    expect(isLegacyName('convert.serverTasks.anonymous')).toBe(true);
    expect(isLegacyName('userInfo2')).toBe(false);
    expect(isLegacyName(`${P}lang`)).toBe(false);
  });
});
