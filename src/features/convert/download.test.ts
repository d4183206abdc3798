import { describe, expect, it } from 'vitest';
import { isExpired, uniqueNames } from './download';
import type { ConvertTask } from './atoms';

describe('zip entry names', () => {
  it('numbers repeated names (case-insensitively) before the extension', () => {
    expect(uniqueNames(['a.json', 'b.json', 'A.json', 'a.json', 'README'])).toEqual(['a.json', 'b.json', 'A (2).json', 'a (3).json', 'README']);
    expect(uniqueNames(['报表.json', '报表.json'])).toEqual(['报表.json', '报表 (2).json']);
  });
});

describe('isExpired', () => {
  const task = (validUntil?: string) => ({ result: { name: 'x.pdf', ...(validUntil ? { validUntil } : {}) } }) as ConvertTask;
  it('is true only for server results past their validity period', () => {
    expect(isExpired(task(), 0)).toBe(false);
    expect(isExpired(task('2024-01-01T03:00:00Z'), Date.parse('2024-01-01T02:59:59Z'))).toBe(false);
    expect(isExpired(task('2024-01-01T03:00:00Z'), Date.parse('2024-01-01T03:00:00Z'))).toBe(true);
  });
});
