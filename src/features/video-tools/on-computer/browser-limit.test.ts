import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_INPUT_BYTES } from '@engines/video/limits';
import { DEFAULT_STORAGE_PREFIX } from '../../../lib/storage-prefix';
import { BROWSER_LIMIT_KEY, browserInputLimit, overBrowserLimit } from './browser-limit';

function withStorage(values: Record<string, string>) {
  const map = new Map(Object.entries(values));
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      key: (i: number) => [...map.keys()][i] ?? null,
      get length() {
        return map.size;
      },
    },
  });
}

describe('the browser input limit and its override', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the engines limit without an override', () => {
    withStorage({});
    expect(browserInputLimit()).toBe(MAX_INPUT_BYTES);
    expect(overBrowserLimit([MAX_INPUT_BYTES])).toBe(false);
    expect(overBrowserLimit([1, MAX_INPUT_BYTES + 1])).toBe(true);
  });

  it('can be lowered, never raised or broken', () => {
    withStorage({ [`${DEFAULT_STORAGE_PREFIX}${BROWSER_LIMIT_KEY}`]: '1000' });
    expect(browserInputLimit()).toBe(1000);
    expect(overBrowserLimit([1001])).toBe(true);
    for (const value of [String(MAX_INPUT_BYTES * 4), '-5', 'abc', '0', 'Infinity']) {
      withStorage({ [`${DEFAULT_STORAGE_PREFIX}${BROWSER_LIMIT_KEY}`]: value });
      expect(browserInputLimit(), value).toBe(MAX_INPUT_BYTES);
    }
  });
});
