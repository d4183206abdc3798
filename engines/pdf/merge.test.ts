import { describe, expect, it } from 'vitest';
import { pdfkitPdf, pdfLibPdf, qpdfEncrypted } from '../../tests/helpers/fixtures/pdf-tool-inputs';
import { pdfPages, pdfPageTexts, qpdfCheck } from '../../tests/helpers/pdf-tool-checks';
import { EngineError, type ConvertInput } from '@engines/document/types';
import { mergePdfs } from './merge';

async function threeFiles(): Promise<ConvertInput[]> {
  return [
    { name: 'alpha.pdf', bytes: await pdfLibPdf([{ text: 'Alpha one' }, { text: 'Alpha two', size: [612, 792], rotate: 90 }]) },
    { name: 'bravo.pdf', bytes: await pdfkitPdf(['Bravo one', 'Bravo two']) },
    { name: 'charlie.pdf', bytes: await pdfLibPdf([{ text: 'Charlie one', size: [300, 400], rotate: 180 }]) },
  ];
}

describe('mergePdfs', () => {
  it('puts every page of three files from two producers in input order, keeping size and rotation', async () => {
    const out = await mergePdfs(await threeFiles());
    expect(out.name).toBe('merged.pdf');
    expect(out.mime).toBe('application/pdf');
    expect(qpdfCheck(out.bytes).status).toBe(0);
    expect(pdfPageTexts(out.bytes)).toEqual(['Alpha one', 'Alpha two', 'Bravo one', 'Bravo two', 'Charlie one']);
    expect(pdfPages(out.bytes)).toEqual([
      { width: 595.28, height: 841.89, rotation: 0 },
      { width: 612, height: 792, rotation: 90 },
      { width: 612, height: 792, rotation: 0 },
      { width: 612, height: 792, rotation: 0 },
      { width: 300, height: 400, rotation: 180 },
    ]);
  });

  it('follows the order of the inputs, not their names', async () => {
    const [alpha, bravo, charlie] = await threeFiles();
    const out = await mergePdfs([charlie!, alpha!, bravo!]);
    expect(pdfPageTexts(out.bytes)).toEqual(['Charlie one', 'Alpha one', 'Alpha two', 'Bravo one', 'Bravo two']);
  });

  it('reports progress per file, rising to 1', async () => {
    const seen: number[] = [];
    await mergePdfs(await threeFiles(), { onProgress: (f) => seen.push(f) });
    expect(seen).toEqual([0.25, 0.5, 0.75, 1]);
  });

  it('stops between files once aborted, with an AbortError', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const merging = mergePdfs(await threeFiles(), {
      signal: controller.signal,
      onProgress: (f) => {
        seen.push(f);
        controller.abort();
      },
    });
    await expect(merging).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([0.25]);
  });

  it('names the file that is not a PDF, as unreadable', async () => {
    const [alpha, bravo] = await threeFiles();
    const merging = mergePdfs([alpha!, { name: 'notes.pdf', bytes: new TextEncoder().encode('plain text') }, bravo!]);
    await expect(merging).rejects.toBeInstanceOf(EngineError);
    await expect(merging).rejects.toMatchObject({ reason: 'unreadable', message: expect.stringContaining('notes.pdf') });
  });

  it('refuses an encrypted input rather than writing its still-encrypted pages', async () => {
    const [alpha] = await threeFiles();
    const locked = { name: 'locked.pdf', bytes: qpdfEncrypted(alpha!.bytes) };
    await expect(mergePdfs([alpha!, locked])).rejects.toMatchObject({ reason: 'encrypted' });
  });

  it('refuses an empty list', async () => {
    await expect(mergePdfs([])).rejects.toMatchObject({ name: 'PdfOptionsError', reason: 'noPages' });
  });
});
