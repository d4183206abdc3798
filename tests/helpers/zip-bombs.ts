import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Hostile archives built in code, never downloaded: Office files whose main part declares a few
 * thousand bytes in both its local and its central header but inflates to about a gigabyte.
 * Deflate of zeros compresses about 1000:1, so the file itself stays near 1 MB.
 */
const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

export interface ZipPart {
  name: string;
  data: Uint8Array | string;
}

interface Stored {
  name: Buffer;
  method: 0 | 8;
  crc: number;
  compressed: Buffer;
  /** What both headers claim the part inflates to. */
  declared: number;
}

/**
 * Raw deflate of `size` zero bytes (a whole number of MiB), built from one compressed MiB:
 * with a full flush the blocks do not refer back across the flush, so they can be repeated;
 * `03 00` is an empty final block that ends the stream.
 */
function deflatedZeros(size: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const blocks = Array.from({ length: Math.ceil(size / MIB) }, () => block);
  return Buffer.concat([...blocks, Buffer.from([0x03, 0x00])]);
}

function honest(part: ZipPart): Stored {
  const data = typeof part.data === 'string' ? Buffer.from(part.data) : Buffer.from(part.data);
  return { name: Buffer.from(part.name), method: 8, crc: crc32(data), compressed: deflateRawSync(data), declared: data.length };
}

/** A part of `inflated` zero bytes whose headers claim `declared`. Its CRC is left 0: a reader can only check it after inflating, too late. */
function lying(name: string, inflated: number, declared: number): Stored {
  return { name: Buffer.from(name), method: 8, crc: 0, compressed: deflatedZeros(inflated), declared };
}

/** Local headers with data, then the central directory and its end record (no zip64: every size fits 32 bits). */
function writeZip(parts: Stored[]): Uint8Array {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.compressed.length, 18);
    local.writeUInt32LE(p.declared, 22);
    local.writeUInt16LE(p.name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(p.method, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(p.crc, 16);
    entry.writeUInt32LE(p.compressed.length, 20);
    entry.writeUInt32LE(p.declared, 24);
    entry.writeUInt16LE(p.name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, p.name);
    chunks.push(local, p.name, p.compressed);
    offset += local.length + p.name.length + p.compressed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...chunks, dir, end]));
}

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const RELS = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';

/** A DOCX whose `word/document.xml` declares `declared` bytes and inflates to `inflated` (default 1 GiB from ~1 MB). */
export function lyingDocx(inflated = GIB, declared = 2000): Uint8Array {
  return writeZip([honest({ name: '[Content_Types].xml', data: CONTENT_TYPES }), honest({ name: '_rels/.rels', data: RELS }), lying('word/document.xml', inflated, declared)]);
}

/** An XLSX whose first sheet declares `declared` bytes and inflates to `inflated`. */
export function lyingXlsx(inflated = GIB, declared = 2000): Uint8Array {
  return writeZip([
    honest({ name: '[Content_Types].xml', data: CONTENT_TYPES }),
    honest({ name: '_rels/.rels', data: RELS }),
    honest({ name: 'xl/workbook.xml', data: '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="FAQ" sheetId="1"/></sheets></workbook>' }),
    lying('xl/worksheets/sheet1.xml', inflated, declared),
  ]);
}

