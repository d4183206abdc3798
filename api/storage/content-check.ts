import { open } from 'node:fs/promises';
import { inspectZip, ZipBombError, type ZipLimits, DEFAULT_ZIP_LIMITS } from './zip-inspect.js';

/**
 * Does the file's content match its extension? Decided by magic bytes and, for zip-based
 * formats, by the parts the format requires, so a PDF renamed .docx or random bytes named .xlsx
 * are refused before any engine sees them; a zip-based file must also inflate, entry by entry,
 * within the byte budget (`zipBomb` otherwise, whatever its headers declare).
 */
export type ContentVerdict = { ok: true } | { ok: false; reason: 'mismatch' | 'zipBomb' | 'pathTrick' | 'empty' };

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');

/** Zip formats: a part every such file must contain. */
const OOXML_MAIN_PART: Record<string, string[]> = {
  docx: ['word/document.xml'], docm: ['word/document.xml'], dotx: ['word/document.xml'], dotm: ['word/document.xml'],
  xlsx: ['xl/workbook.xml'], xlsb: ['xl/workbook.bin'],
  pptx: ['ppt/presentation.xml'],
};
const ODF_MIME: Record<string, string> = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};
const OLE_EXTS = new Set(['doc', 'dot', 'xls', 'ppt']);
const MIMETYPE_MAX_BYTES = 4096;
const TEXT_EXTS = new Set(['csv', 'txt', 'text', 'md', 'markdown', 'json', 'xml', 'pdfxml', 'html', 'htm', 'html5', 'mhtml']);

async function head(path: string, bytes: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

export async function checkContent(path: string, ext: string, zipLimits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ContentVerdict> {
  const start = await head(path, 64 * 1024);
  if (start.length === 0) return { ok: false, reason: 'empty' };
  const mismatch = { ok: false, reason: 'mismatch' } as const;

  if (ext === 'pdf') return start.subarray(0, 1024).includes('%PDF-') ? { ok: true } : mismatch;
  if (ext === 'rtf') return start.subarray(0, 5).toString('latin1') === '{\\rtf' ? { ok: true } : mismatch;
  if (OLE_EXTS.has(ext)) return start.subarray(0, 8).equals(OLE) ? { ok: true } : mismatch;
  if (TEXT_EXTS.has(ext)) return start.includes(0) ? mismatch : { ok: true };

  const mainParts = OOXML_MAIN_PART[ext];
  const odfMime = ODF_MIME[ext];
  if (!mainParts && !odfMime) return mismatch;
  if (!start.subarray(0, 4).equals(ZIP)) return mismatch;
  const zip = await inspectZip(path, zipLimits);
  if (!zip.ok) {
    if (zip.reason === 'pathTrick') return { ok: false, reason: 'pathTrick' };
    return zip.reason === 'notZip' ? mismatch : { ok: false, reason: 'zipBomb' };
  }
  try {
    if (mainParts) {
      if (!zip.names.has('[Content_Types].xml') || !mainParts.every((p) => zip.names.has(p))) return mismatch;
    } else {
      // A real mimetype entry is a few dozen bytes; the cap keeps a lying one from inflating for long on the request thread.
      const mimetype = zip.names.has('mimetype') ? (await zip.read('mimetype', MIMETYPE_MAX_BYTES)).toString('latin1').trim() : '';
      if (mimetype !== odfMime) return mismatch;
    }
    // Every entry is inflated once, counted and dropped, before any engine or LibreOffice opens the file.
    await zip.inflateAll();
    return { ok: true };
  } catch (err) {
    return err instanceof ZipBombError ? { ok: false, reason: 'zipBomb' } : mismatch;
  } finally {
    zip.close();
  }
}
