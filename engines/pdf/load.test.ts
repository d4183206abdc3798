import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { encryptedPdf } from '../../tests/helpers/fixtures/pdfs';
import { pdfLibPdf, qpdfEncrypted } from '../../tests/helpers/fixtures/pdf-tool-inputs';
import { EngineError } from '@engines/document/types';
import { loadPdf } from './load';

async function reason(bytes: Uint8Array): Promise<string> {
  try {
    await loadPdf(bytes);
    return 'loaded';
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    return error.reason;
  }
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe('loadPdf', () => {
  it('opens a PDF and counts its pages', async () => {
    const doc = await loadPdf(await pdfLibPdf([{ text: 'one' }, { text: 'two' }]));
    expect(doc.getPageCount()).toBe(2);
  });

  it('refuses bytes that are not a PDF as unreadable', async () => {
    expect(await reason(new TextEncoder().encode('hello, this is a text file'))).toBe('unreadable');
    expect(await reason(new Uint8Array())).toBe('unreadable');
  });

  it('finds the header after junk within the first 1024 bytes, not further', async () => {
    const pdf = await pdfLibPdf([{ text: 'late header' }]);
    expect(await reason(concat(new Uint8Array(1000).fill(0x20), pdf))).toBe('loaded');
    expect(await reason(concat(new Uint8Array(1100).fill(0x20), pdf))).toBe('unreadable');
  });

  it('refuses a damaged PDF with a header but no document as unreadable', async () => {
    expect(await reason(new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf\n%%EOF'))).toBe('unreadable');
  });

  it('refuses an AES-256 PDF encrypted by qpdf as encrypted', async () => {
    expect(await reason(qpdfEncrypted(await pdfLibPdf([{ text: 'secret' }])))).toBe('encrypted');
  });

  it('refuses a password-protected PDF from pdfkit as encrypted', async () => {
    expect(await reason(await encryptedPdf())).toBe('encrypted');
  });

  it('refuses a PDF without pages as empty', async () => {
    const doc = await PDFDocument.create();
    expect(await reason(await doc.save({ addDefaultPage: false }))).toBe('empty');
  });
});
