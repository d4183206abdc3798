/** EXIF orientation 1..8 (1: as stored; 6: turn 90° clockwise to view; 2, 4, 5, 7 are mirrored). */
export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const ORIENTATION_TAG = 0x0112;

/**
 * The orientation a JPEG's EXIF block asks for, 1 when there is none or it cannot be read. Phone
 * photos are stored sideways with this tag; browsers show them upright, so a PDF must too.
 */
export function jpegOrientation(bytes: Uint8Array): ExifOrientation {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    // Start of scan: the metadata segments are all before it.
    if (marker === 0xda) break;
    const length = view.getUint16(at + 2);
    if (marker === 0xe1 && isExifHeader(bytes, at + 4)) return readOrientation(view, at + 10, Math.min(bytes.length, at + 2 + length));
    at += 2 + length;
  }
  return 1;
}

function isExifHeader(bytes: Uint8Array, at: number): boolean {
  return [0x45, 0x78, 0x69, 0x66, 0, 0].every((b, k) => bytes[at + k] === b);
}

function readOrientation(view: DataView, tiff: number, end: number): ExifOrientation {
  if (tiff + 8 > end) return 1;
  const little = view.getUint16(tiff) === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? (value as ExifOrientation) : 1;
  }
  return 1;
}
