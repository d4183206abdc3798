import { QaImportFailure } from './import-rows';

/** An XLSX or DOCX QA document unpacks to at most this much (a zip bomb is refused unread). */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const MAX_ENTRIES = 2_000;

export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * Reads the zip's directory without inflating anything: a corrupt archive, too many entries or
 * a declared unpacked size past the limit is `unreadable` before exceljs or mammoth see it.
 */
export function checkZip(bytes: Uint8Array): string[] {
  if (!isZip(bytes)) throw new QaImportFailure('unreadable', 1);
  const names = zipEntryNames(bytes);
  if (!names) throw new QaImportFailure('unreadable', 1);
  return names;
}

/** The entry names from the central directory, or null when it is missing, corrupt or too big. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 65,557 bytes (22 + a comment ≤ 65,535).
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (entries > MAX_ENTRIES || dirOffset + dirSize > eocd) return null;
  const names: string[] = [];
  const decoder = new TextDecoder();
  let unpacked = 0;
  let p = dirOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== 0x02014b50) return null;
    unpacked += view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    if (p + 46 + nameLength > eocd) return null;
    names.push(decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return unpacked > MAX_UNPACKED_BYTES ? null : names;
}
