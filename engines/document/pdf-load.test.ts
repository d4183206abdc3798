import { describe, expect, it } from 'vitest';
import { encryptedPdf } from '../../tests/helpers/fixtures/pdfs';
import { EngineError } from './types';
import { pdfToDocx } from './pdf-to-docx';
import { pdfToTxt } from './pdf-to-txt';

describe('unreadable PDFs', () => {
  it('reports a password-protected PDF as encrypted', async () => {
    const error = await pdfToDocx({ name: 'locked.pdf', bytes: await encryptedPdf() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).reason).toBe('encrypted');
  });

  it('reports bytes that are not a PDF as unreadable', async () => {
    const error = await pdfToTxt({ name: 'fake.pdf', bytes: new TextEncoder().encode('hello, not a pdf') }).catch((e: unknown) => e);
    expect((error as EngineError).reason).toBe('unreadable');
  });

  it('reports an empty file as empty', async () => {
    const error = await pdfToTxt({ name: 'empty.pdf', bytes: new Uint8Array(0) }).catch((e: unknown) => e);
    expect((error as EngineError).reason).toBe('empty');
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(pdfToTxt({ name: 'a.pdf', bytes: await encryptedPdf() }, { signal: controller.signal })).rejects.toThrow();
  });

  it('reports progress up to 1', async () => {
    const { reportPdf } = await import('../../tests/helpers/fixtures/pdfs');
    const seen: number[] = [];
    await pdfToTxt({ name: 'a.pdf', bytes: await reportPdf() }, { onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
