import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.js';

describe('createReadCache', () => {
  it('loads once per key within the TTL, again after it or after invalidate()', async () => {
    let t = 0;
    let loads = 0;
    const cache = createReadCache(1000, async (k: string) => `${k}${++loads}`, () => t);
    expect(await cache.get('a')).toBe('a1');
    expect(await cache.get('a')).toBe('a1');
    expect(await cache.get('b')).toBe('b2');
    t = 1001;
    expect(await cache.get('a')).toBe('a3');
    cache.invalidate();
    expect(await cache.get('a')).toBe('a4');
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = createReadCache(1000, async () => {
      if (fail) throw new Error('db down');
      return 'ok';
    });
    await expect(cache.get(1)).rejects.toThrow('db down');
    fail = false;
    expect(await cache.get(1)).toBe('ok');
  });

  it('drops a load that an invalidation overtook', async () => {
    let release: (v: string) => void = () => undefined;
    let calls = 0;
    const cache = createReadCache(1000, (_k: number) => {
      calls += 1;
      return calls === 1 ? new Promise<string>((r) => (release = r)) : Promise.resolve('new');
    });
    const old = cache.get(1);
    cache.invalidate();
    release('old');
    expect(await old).toBe('old');
    expect(await cache.get(1)).toBe('new');
  });
});
