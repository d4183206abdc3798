import { QA_LIMITS, QaImportFailure, validateRows, type RawPair } from './import-rows';
import { docxBlocks, markdownBlocks, pairsFromBlocks } from './import-sections';
import { decodeText, readCsvPairs, readXlsxPairs } from './import-table';
import { isZip, zipEntryNames } from './zip-check';
import type { QaDocumentKind, QaImportResult } from './types';

const EXTENSIONS: Record<string, QaDocumentKind> = { csv: 'csv', xlsx: 'xlsx', docx: 'docx', md: 'md', markdown: 'md' };

/**
 * The kind of an uploaded QA document, by its extension AND its bytes: xlsx/docx must be a zip
 * holding `xl/` or `word/` parts; csv/md must not be a zip, an OLE (legacy Office) or a PDF file
 * and must not hold NUL bytes in its first 4 KB. null means the file is refused.
 */
export function qaDocumentKind(fileName: string, bytes: Uint8Array): QaDocumentKind | null {
  const ext = /\.([a-z]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const kind = EXTENSIONS[ext];
  if (!kind || bytes.length === 0) return null;
  if (kind === 'xlsx' || kind === 'docx') {
    if (!isZip(bytes)) return null;
    const names = zipEntryNames(bytes);
    const part = kind === 'xlsx' ? 'xl/' : 'word/';
    return names?.some((n) => n.startsWith(part)) ? kind : null;
  }
  const head = bytes.subarray(0, 4096);
  if (isZip(bytes) || isOle(bytes) || startsWith(head, '%PDF') || head.includes(0)) return null;
  return kind;
}

function isOle(bytes: Uint8Array): boolean {
  return [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].every((b, i) => bytes[i] === b);
}

function startsWith(bytes: Uint8Array, ascii: string): boolean {
  return Array.from(ascii).every((c, i) => bytes[i] === c.charCodeAt(0));
}

/**
 * Reads a QA document into pairs. Never throws for a bad document: an unreadable file, a missing
 * header or a refused row comes back in `errors` (and then `pairs` is empty).
 */
export async function parseQaDocument(bytes: Uint8Array, kind: QaDocumentKind): Promise<QaImportResult> {
  if (bytes.length > QA_LIMITS.bytes) return { pairs: [], errors: [{ line: 1, reason: 'tooLong' }] };
  let rows: RawPair[];
  try {
    rows = await readRows(bytes, kind);
  } catch (err) {
    if (err instanceof QaImportFailure) return { pairs: [], errors: [{ line: err.line, reason: err.reason }] };
    return { pairs: [], errors: [{ line: 1, reason: 'unreadable' }] };
  }
  return validateRows(rows);
}

async function readRows(bytes: Uint8Array, kind: QaDocumentKind): Promise<RawPair[]> {
  switch (kind) {
    case 'csv':
      return readCsvPairs(bytes);
    case 'xlsx':
      return readXlsxPairs(bytes);
    case 'docx':
      return pairsFromBlocks(await docxBlocks(bytes));
    case 'md':
      return pairsFromBlocks(markdownBlocks(decodeText(bytes)));
  }
}
