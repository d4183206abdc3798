/**
 * Carries a photo's EXIF block (camera, lens, date taken) into a re-encoded JPEG by splicing
 * bytes: the TIFF structure is copied as it is, with two edits made in place. Orientation becomes
 * 1 (the pixels were already turned upright), and on request the GPS directory is unlinked and its
 * bytes zeroed, so the location is gone rather than merely hidden.
 */

const TAG_ORIENTATION = 0x0112;
const TAG_EXIF_IFD = 0x8769;
const TAG_GPS_IFD = 0x8825;
const TAG_INTEROP_IFD = 0xa005;
const TAG_THUMB_OFFSET = 0x0201;
const TAG_THUMB_LENGTH = 0x0202;
/** Bytes per value of each TIFF field type (1 BYTE ... 12 DOUBLE, 13 IFD). */
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0, 0];
/** An APP1 segment's length field counts itself: 65535 - 2 - the 6-byte 'Exif\0\0' header. */
export const MAX_TIFF_IN_APP1 = 65535 - 2 - EXIF_HEADER.length;

class Tiff {
  readonly view: DataView;
  readonly le: boolean;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.le = bytes[0] === 0x49;
  }
  u16 = (at: number) => this.view.getUint16(at, this.le);
  u32 = (at: number) => this.view.getUint32(at, this.le);
  set16 = (at: number, v: number) => this.view.setUint16(at, v, this.le);
  set32 = (at: number, v: number) => this.view.setUint32(at, v, this.le);
  /** True when [at, at + length) lies inside the block. */
  fits = (at: number, length: number) => at >= 8 && length >= 0 && at + length <= this.bytes.length;
}

interface Entry {
  at: number;
  tag: number;
  type: number;
  count: number;
  /** Where the value lives: inside the entry (4 bytes or fewer) or at an offset. */
  valueAt: number;
  size: number;
}

function entries(tiff: Tiff, ifd: number): Entry[] {
  if (!tiff.fits(ifd, 2)) return [];
  const count = tiff.u16(ifd);
  if (!tiff.fits(ifd + 2, count * 12 + 4)) return [];
  return Array.from({ length: count }, (_, i) => {
    const at = ifd + 2 + i * 12;
    const type = tiff.u16(at + 2);
    const n = tiff.u32(at + 4);
    const size = (TYPE_SIZE[type] ?? 1) * n;
    return { at, tag: tiff.u16(at), type, count: n, size, valueAt: size <= 4 ? at + 8 : tiff.u32(at + 8) };
  });
}

function isTiffHeader(b: Uint8Array, at: number): boolean {
  return (b[at] === 0x49 && b[at + 1] === 0x49 && b[at + 2] === 0x2a && b[at + 3] === 0) || (b[at] === 0x4d && b[at + 1] === 0x4d && b[at + 2] === 0 && b[at + 3] === 0x2a);
}

/**
 * The byte ranges a TIFF block's directories use (directory, values, thumbnail), by directory:
 * the block's true length (HEIF gives no length where we find it) and the GPS data to wipe.
 */
function walk(tiff: Tiff): { end: number; gps: Array<[number, number]> } {
  let end = 8;
  const gps: Array<[number, number]> = [];
  const seen = new Set<number>();
  const visit = (ifd: number, isGps: boolean): number => {
    if (seen.has(ifd) || !tiff.fits(ifd, 2)) return 0;
    seen.add(ifd);
    const list = entries(tiff, ifd);
    const dirEnd = ifd + 2 + list.length * 12 + 4;
    end = Math.max(end, dirEnd);
    if (isGps) gps.push([ifd, dirEnd]);
    let thumbAt = 0;
    for (const e of list) {
      if (e.size > 4 && tiff.fits(e.valueAt, e.size)) {
        end = Math.max(end, e.valueAt + e.size);
        if (isGps) gps.push([e.valueAt, e.valueAt + e.size]);
      }
      if (e.tag === TAG_EXIF_IFD || e.tag === TAG_INTEROP_IFD) visit(tiff.u32(e.at + 8), false);
      if (e.tag === TAG_GPS_IFD) visit(tiff.u32(e.at + 8), true);
      if (e.tag === TAG_THUMB_OFFSET) thumbAt = tiff.u32(e.at + 8);
      if (e.tag === TAG_THUMB_LENGTH && thumbAt && tiff.fits(thumbAt, tiff.u32(e.at + 8))) end = Math.max(end, thumbAt + tiff.u32(e.at + 8));
    }
    return tiff.u32(dirEnd - 4);
  };
  const next = visit(tiff.u32(4), false);
  if (next) visit(next, false);
  return { end, gps };
}

/** The EXIF TIFF block of a JPEG (its APP1 segment), or null. */
function jpegExif(bytes: Uint8Array): Uint8Array | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const body = at + 4;
    if (marker === 0xe1 && EXIF_HEADER.every((b, i) => bytes[body + i] === b) && isTiffHeader(bytes, body + 6)) return bytes.subarray(body + 6, at + 2 + length);
    at += 2 + length;
  }
  return null;
}

/**
 * The EXIF TIFF block of a HEIF file. Its Exif item is stored uncompressed: a 4-byte offset to the
 * TIFF header, then either 'Exif\0\0' and the header (offset 6, as iPhones write it) or the
 * header at once (offset 0, as heif-enc writes it). The first such pattern whose first directory
 * sits at 8 is taken; its length comes from walking its directories.
 */
function heifExif(bytes: Uint8Array): Uint8Array | null {
  const u32 = (at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  for (let at = 4; at + 16 < bytes.length; at++) {
    if (!isTiffHeader(bytes, at)) continue;
    const direct = u32(at - 4) === 0;
    const prefixed = at >= 10 && u32(at - 10) === 6 && EXIF_HEADER.every((b, i) => bytes[at - 6 + i] === b);
    if (!direct && !prefixed) continue;
    const tiff = new Tiff(bytes.subarray(at));
    if (tiff.u32(4) !== 8) continue;
    return bytes.subarray(at, at + walk(tiff).end);
  }
  return null;
}

/** The EXIF block (a TIFF structure, 'II' or 'MM' first) of a JPEG or HEIF file, or null. */
export function readExif(bytes: Uint8Array): Uint8Array | null {
  const block = bytes[0] === 0xff && bytes[1] === 0xd8 ? jpegExif(bytes) : heifExif(bytes);
  return block && block.length >= 8 ? block : null;
}

/** A copy of an EXIF block with orientation 1 and, if asked, no GPS directory. */
export function cleanExif(block: Uint8Array, options: { removeGps: boolean }): Uint8Array {
  // A copy (Buffer's slice() would share the caller's bytes).
  const tiff = new Tiff(new Uint8Array(block));
  const ifd0 = tiff.u32(4);
  for (const e of entries(tiff, ifd0)) if (e.tag === TAG_ORIENTATION && e.type === 3) tiff.set16(e.at + 8, 1);
  if (options.removeGps) {
    for (const [from, to] of walk(tiff).gps) tiff.bytes.fill(0, from, to);
    const list = entries(tiff, ifd0);
    const index = list.findIndex((e) => e.tag === TAG_GPS_IFD);
    if (index >= 0) {
      // Later entries (and the next-directory offset) move up over the GPS entry.
      const at = list[index]!.at;
      const dirEnd = ifd0 + 2 + list.length * 12 + 4;
      tiff.bytes.copyWithin(at, at + 12, dirEnd);
      tiff.bytes.fill(0, dirEnd - 12, dirEnd);
      tiff.set16(ifd0, list.length - 1);
    }
  }
  return tiff.bytes;
}

/**
 * A JPEG with an EXIF APP1 segment put in after SOI and any JFIF APP0 (an existing EXIF segment
 * is replaced). A block too large for one segment (a huge thumbnail) is left out: null.
 */
export function insertExif(jpeg: Uint8Array, block: Uint8Array): Uint8Array | null {
  if (block.length > MAX_TIFF_IN_APP1 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  let at = 2;
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let inserted = false;
  const segment = new Uint8Array(4 + EXIF_HEADER.length + block.length);
  const length = segment.length - 2;
  segment.set([0xff, 0xe1, length >> 8, length & 0xff, ...EXIF_HEADER]);
  segment.set(block, 4 + EXIF_HEADER.length);
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    const isApp0 = marker === 0xe0;
    const isExif = marker === 0xe1 && EXIF_HEADER.every((b, i) => jpeg[at + 4 + i] === b);
    if (!isApp0 && !inserted) {
      kept.push(segment);
      inserted = true;
    }
    if (marker === 0xda) break;
    const next = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
    if (!isExif) kept.push(jpeg.subarray(at, next));
    at = next;
  }
  kept.push(jpeg.subarray(at));
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
