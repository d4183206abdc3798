import { EngineError, type ConvertInput, type ConvertOptions } from './types';
import type { SheetTable } from './sheet-model';
import { readCsv } from './sheet-read-csv';
import { readXlsx } from './sheet-read-xlsx';

/**
 * Reads an xlsx or csv file into tables, one per sheet. The format is told by the bytes, not
 * the name, so a renamed file still works and a corrupt one fails with `unreadable`.
 * Throws `empty` when no sheet holds a single cell. Reading is about half of every Excel op's
 * work, so it reports 0.5 and honours an abort before the op renders.
 */
export async function readSheets(input: ConvertInput, opts?: ConvertOptions): Promise<SheetTable[]> {
  const { bytes } = input;
  let tables: SheetTable[];
  if (isZip(bytes)) {
    tables = await readXlsx(bytes);
  } else if (isOleCompound(bytes)) {
    throw oleContainerError(bytes);
  } else {
    tables = await readCsv(input);
  }
  if (!tables.some((t) => t.rows.length > 0)) throw new EngineError('empty', 'The workbook has no cells');
  opts?.signal?.throwIfAborted();
  opts?.onProgress?.(0.5);
  return tables;
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * Legacy xls/doc/ppt, and any password-protected Office file, is an OLE container that the
 * browser engines cannot read: the legacy ones go to the server, the encrypted ones nowhere.
 */
export function oleContainerError(bytes: Uint8Array): EngineError {
  return hasEncryptionInfo(bytes)
    ? new EngineError('encrypted', 'The Office file is password-protected')
    : new EngineError('unsupported', 'A legacy binary Office file');
}

export function isOleCompound(bytes: Uint8Array): boolean {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return magic.every((b, i) => bytes[i] === b);
}

/** Encrypted OOXML keeps an `EncryptionInfo` stream, named in UTF-16 in the directory. */
function hasEncryptionInfo(bytes: Uint8Array): boolean {
  const name = Array.from('EncryptionInfo').flatMap((ch) => [ch.charCodeAt(0), 0]);
  outer: for (let i = 0; i + name.length <= bytes.length; i++) {
    for (let j = 0; j < name.length; j++) if (bytes[i + j] !== name[j]) continue outer;
    return true;
  }
  return false;
}
