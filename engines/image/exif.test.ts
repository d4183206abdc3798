import { describe, expect, it } from 'vitest';
import { cleanExif, insertExif, readExif } from './exif';
import { exifTags, heicFrom, photo, withCameraExif } from '../../tests/helpers/fixtures/test-photos';

/** A JPEG with no metadata at all, as an encoder writes one. */
const bare = photo('mixed', 96, 64, 'jpg');
const camera = withCameraExif(bare, 6);

describe('EXIF splicing (checked with exiftool)', () => {
  it('copies camera and date from a JPEG into a new JPEG, orientation reset to 1, GPS kept when asked', () => {
    const block = readExif(camera);
    expect(block).not.toBeNull();
    const out = insertExif(bare, cleanExif(block!, { removeGps: false }))!;
    const tags = exifTags(out, 'jpg');
    expect(tags).toMatchObject({ Make: 'DocuFlow Test Camera', Model: 'Phone 15', DateTimeOriginal: '2024:05:01 10:20:30', Orientation: 1 });
    expect(tags.GPSLatitude).toBeCloseTo(48.8584, 3);
    expect(tags.Warning).toBeUndefined();
    // The picture itself is untouched: still decodes at its size.
    expect(tags).toMatchObject({ ImageWidth: 96, ImageHeight: 64 });
  });

  it('drops only the GPS directory, and its bytes are gone from the file', () => {
    const out = insertExif(bare, cleanExif(readExif(camera)!, { removeGps: true }))!;
    const tags = exifTags(out, 'jpg');
    expect(tags).toMatchObject({ Make: 'DocuFlow Test Camera', DateTimeOriginal: '2024:05:01 10:20:30', Orientation: 1 });
    expect(Object.keys(tags).filter((k) => k.startsWith('GPS'))).toEqual([]);
    expect(tags.Warning).toBeUndefined();
    // 'N' and 'E' refs and the rational degrees were zeroed, not just unlinked.
    const withGps = Buffer.from(cleanExif(readExif(camera)!, { removeGps: false }));
    const without = Buffer.from(cleanExif(readExif(camera)!, { removeGps: true }));
    expect(withGps.includes(Buffer.from('N\0'))).toBe(true);
    expect(without.length).toBe(withGps.length);
    expect(without.includes(Buffer.from([0, 0, 0, 48, 0, 0, 0, 1]))).toBe(false);
  });

  it('reads the Exif item of a HEIC (heif-enc copies the JPEG\'s)', () => {
    const block = readExif(heicFrom(camera, 'jpg'));
    expect(block).not.toBeNull();
    const tags = exifTags(insertExif(bare, cleanExif(block!, { removeGps: true }))!, 'jpg');
    expect(tags).toMatchObject({ Make: 'DocuFlow Test Camera', Model: 'Phone 15', DateTimeOriginal: '2024:05:01 10:20:30', Orientation: 1 });
    expect(tags.GPSLatitude).toBeUndefined();
  });

  it('reads the Exif item as iPhones store it (offset 6, then Exif\\0\\0 and the TIFF block)', () => {
    const tiff = readExif(camera)!;
    // An ISO-BMFF-like file: ftyp box, some payload, then the Exif item's bytes, then more data.
    const item = Buffer.concat([Buffer.from([0, 0, 0, 6]), Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const file = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(100, 7), item, Buffer.alloc(500, 9)]);
    const block = readExif(file)!;
    expect(Buffer.from(block).equals(Buffer.from(tiff))).toBe(true);
  });

  it('finds nothing in files without EXIF, and replaces rather than doubles an existing block', () => {
    expect(readExif(bare)).toBeNull();
    expect(readExif(heicFrom(photo('smooth', 64, 48), 'png'))).toBeNull();
    const twice = insertExif(insertExif(bare, readExif(camera)!)!, cleanExif(readExif(camera)!, { removeGps: true }))!;
    expect(Buffer.from(twice).toString('latin1').split('Exif\0\0').length).toBe(2);
    expect(exifTags(twice, 'jpg').GPSLatitude).toBeUndefined();
  });
});
