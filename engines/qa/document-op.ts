import { parseQaDocument } from './import-document';
import type { QaDocumentKind, QaImportResult } from './types';

const KINDS: readonly QaDocumentKind[] = ['csv', 'xlsx', 'docx', 'md'];

/** Refused before parsing: not a kind of QA document (the thread answers it as `unsupported`). */
export class QaDocumentKindError extends Error {
  readonly reason = 'unsupported';
}

/**
 * Reading a QA document as an engine-thread job: the document's bytes in, its QaImportResult out
 * as UTF-8 JSON, because the threads pass bytes and not objects. The server runs it in its engine
 * thread pool, so mammoth, exceljs and papaparse work under the pool's memory and time limits
 * rather than in the request process.
 */
export function qaDocumentOp(kind: string): (input: { name: string; bytes: Uint8Array }) => Promise<{ name: string; bytes: Uint8Array }> {
  const known = KINDS.find((k) => k === kind);
  if (!known) throw new QaDocumentKindError(`Not a QA document kind: ${kind}`);
  return async ({ name, bytes }) => ({ name, bytes: new TextEncoder().encode(JSON.stringify(await parseQaDocument(bytes, known))) });
}

/** The result `qaDocumentOp` encoded, read back on the other side of the thread boundary. */
export function decodeQaDocumentResult(bytes: Uint8Array): QaImportResult {
  return JSON.parse(new TextDecoder().decode(bytes)) as QaImportResult;
}
