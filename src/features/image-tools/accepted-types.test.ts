import { describe, expect, it } from 'vitest';
import { acceptedMime } from './accepted-types';

describe('acceptedMime', () => {
  it('takes the spec image extensions in any case', () => {
    const names = ['a.gif', 'b.JPG', 'c.jpeg', 'd.png', 'e.bmp', 'f.webp', 'g.svg', 'h.tiff', 'i.TIF'];
    expect(names.map((name) => acceptedMime({ name, type: '' }))).toEqual([
      'image/gif',
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/bmp',
      'image/webp',
      'image/svg+xml',
      'image/tiff',
      'image/tiff',
    ]);
  });

  it('takes iPhone photos (HEIC/HEIF) and AVIF', () => {
    expect(['IMG_0001.HEIC', 'b.heif', 'c.avif'].map((name) => acceptedMime({ name, type: '' }))).toEqual(['image/heic', 'image/heif', 'image/avif']);
    expect(acceptedMime({ name: 'shared', type: 'image/heic' })).toBe('image/heic');
  });

  it('refuses other files, including images of other kinds', () => {
    for (const name of ['notes.txt', 'movie.mp4', 'README', 'icon.ico']) expect(acceptedMime({ name, type: '' })).toBeNull();
    expect(acceptedMime({ name: 'x.txt', type: 'text/plain' })).toBeNull();
  });

  it('falls back to the type when the name has no extension', () => {
    expect(acceptedMime({ name: 'clipboard', type: 'image/png' })).toBe('image/png');
  });
});
