import { describe, expect, it } from 'vitest';
import { pickCoding } from './accept-encoding.js';

describe('pickCoding', () => {
  it('prefers brotli, honours q-values and *, and falls back to identity', () => {
    expect(pickCoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(pickCoding('gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickCoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickCoding('gzip;q=0.5, br;q=0.1', ['br', 'gzip'])).toBe('gzip');
    expect(pickCoding('*', ['br', 'gzip'])).toBe('br');
    expect(pickCoding('identity', ['br', 'gzip'])).toBeNull();
    expect(pickCoding(undefined, ['br', 'gzip'])).toBeNull();
    expect(pickCoding('br', ['gzip'])).toBeNull();
  });
});
