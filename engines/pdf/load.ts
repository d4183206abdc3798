import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { EngineError } from '@engines/document/types.js';

/** Readers accept a header after some junk (mail gateways prepend lines); so does Acrobat, up to 1 KB. */
const HEADER_WINDOW = 1024;
const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, HEADER_WINDOW) - HEADER.length;
  for (let i = 0; i <= end; i++) {
    if (HEADER.every((b, k) => bytes[i + k] === b)) return true;
  }
  return false;
}

/**
 * Opens a PDF for page operations. An encrypted file is refused as soon as it is parsed: pdf-lib
 * cannot decrypt, and would copy still-encrypted streams into a file that no reader can open.
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  if (!hasPdfHeader(bytes)) throw new EngineError('unreadable', 'No %PDF- header in the first 1024 bytes');
  let doc: PDFDocument;
  try {
    // The whole parse in one go: this runs in a worker, so there is no page to keep responsive.
    // ignoreEncryption only to read the flag below: pdf-lib's EncryptedPDFError is compiled to
    // ES5 and fails `instanceof`, and its message is no contract.
    doc = await PDFDocument.load(bytes, { parseSpeed: ParseSpeeds.Fastest, updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    throw new EngineError('unreadable', `pdf-lib could not parse the PDF: ${String(error)}`);
  }
  if (doc.isEncrypted) throw new EngineError('encrypted', 'The PDF is encrypted');
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch (error) {
    throw new EngineError('unreadable', `The PDF has no readable page tree: ${String(error)}`);
  }
  if (pages === 0) throw new EngineError('empty', 'The PDF has no pages');
  return doc;
}

/** Writes a finished document in one go, without yielding (see loadPdf). */
export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  return doc.save({ objectsPerTick: Infinity, updateFieldAppearances: false, addDefaultPage: false });
}
