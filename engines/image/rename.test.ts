import { describe, expect, it } from 'vitest';
import type { ImageConfig } from './types';
import { planOutput } from './output-format';
import { baseName, plannedBase, renderPattern, sanitizeBase, uniqueNames } from './rename';
import { testConfig } from './test-config';

function names(files: Array<[string, string]>, config: ImageConfig): string[] {
  return uniqueNames(files.map(([name, mime], position) => ({ base: plannedBase(name, position, config), ext: planOutput(name, mime, config).ext })));
}

describe('renderPattern', () => {
  it('fills the name, the counter from value and the index from index, with padding', () => {
    const values = { name: 'beach', n: 7, i: 3 };
    expect(renderPattern('{name}-{n}', values)).toBe('beach-7');
    expect(renderPattern('trip_{n:3}_{i:2}', values)).toBe('trip_007_03');
    expect(renderPattern('{i}{i}', values)).toBe('33');
    expect(renderPattern('{unknown} {n', values)).toBe('{unknown} {n');
  });
});

describe('baseName and sanitizeBase', () => {
  it('drops folders and the last extension only', () => {
    expect(baseName('holiday/day 1/IMG.final.JPG')).toBe('IMG.final');
    expect(baseName('.hidden')).toBe('.hidden');
  });

  it('replaces characters file systems refuse and never returns empty', () => {
    expect(sanitizeBase('a/b:c*?')).toBe('a_b_c__');
    expect(sanitizeBase('  ... ')).toBe('image');
    expect(sanitizeBase('封面 图')).toBe('封面 图');
  });
});

describe('planned names', () => {
  const files: Array<[string, string]> = [
    ['a.jpg', 'image/jpeg'],
    ['b.PNG', 'image/png'],
    ['c.gif', 'image/gif'],
  ];

  it('counts from the configured value (1) and index (0) in list order', () => {
    const config = testConfig({ enabled: { rename: true }, rename: { pattern: 'photo-{n}-{i}' } });
    expect(names(files, config)).toEqual(['photo-1-0.jpg', 'photo-2-1.png', 'photo-3-2.gif']);
  });

  it('starts elsewhere when value and index change', () => {
    const config = testConfig({ enabled: { rename: true }, rename: { pattern: '{name}_{n:2}', value: 9, index: 5 } });
    expect(names(files, config)).toEqual(['a_09.jpg', 'b_10.png', 'c_11.gif']);
  });

  it('puts the output format\'s extension on, whatever the pattern says', () => {
    const config = testConfig({ enabled: { rename: true, format: true }, format: 'webp', rename: { pattern: 'x{n}.png' } });
    expect(names(files, config)).toEqual(['x1.webp', 'x2.webp', 'x3.webp']);
  });

  it('keeps original names (and their extension spelling) when rename is off and nothing changes', () => {
    expect(names([['Photo.JPEG', 'image/jpeg'], ['scan.tiff', 'image/tiff']], testConfig({}))).toEqual(['Photo.jpeg', 'scan.tiff']);
  });

  it('writes GIF, BMP and SVG as PNG when pixels change and the format is original', () => {
    const config = testConfig({ enabled: { border: true } });
    expect(names([['a.gif', 'image/gif'], ['b.bmp', 'image/bmp'], ['c.svg', 'image/svg+xml'], ['d.jpeg', 'image/jpeg']], config)).toEqual([
      'a.png',
      'b.png',
      'c.png',
      'd.jpeg',
    ]);
  });

  it('makes names unique without regard to case', () => {
    const config = testConfig({ enabled: { rename: true }, rename: { pattern: 'same' } });
    expect(names(files, config)).toEqual(['same.jpg', 'same.png', 'same.gif']);
    const jpegs = testConfig({ enabled: { rename: true, format: true }, format: 'jpeg', rename: { pattern: 'same' } });
    expect(names(files, jpegs)).toEqual(['same.jpg', 'same (2).jpg', 'same (3).jpg']);
    expect(uniqueNames([{ base: 'A', ext: 'png' }, { base: 'a', ext: 'png' }, { base: 'a (2)', ext: 'png' }])).toEqual(['A.png', 'a (2).png', 'a (2) (2).png']);
  });
});
