import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { pdfkitPdf, pdfkitPdfWithBookmarks, pdfLibPdf } from '../../tests/helpers/fixtures/pdf-tool-inputs';
import { pdfPages, pdfPageTexts, qpdfCheck } from '../../tests/helpers/pdf-tool-checks';
import type { ConvertInput, ConvertOutput } from '@engines/document/types';
import { splitPdf } from './split';

async function sixPages(): Promise<ConvertInput> {
  const pages = [1, 2, 3, 4, 5, 6].map((n) => ({ text: `Page ${n} of six`, size: n % 2 ? ([595.28, 841.89] as [number, number]) : ([612, 792] as [number, number]), rotate: n === 3 ? 270 : 0 }));
  return { name: 'report.pdf', bytes: await pdfLibPdf(pages) };
}

function readBack(outputs: ConvertOutput[]): Array<{ name: string; texts: string[] }> {
  return outputs.map((o) => {
    expect(qpdfCheck(o.bytes).status, o.name).toBe(0);
    return { name: o.name, texts: pdfPageTexts(o.bytes) };
  });
}

describe('splitPdf', () => {
  it('makes one file per range, named after the pages it holds', async () => {
    const outputs = await splitPdf(await sixPages(), { mode: 'ranges', ranges: '1-2, 3, 5-' });
    expect(readBack(outputs)).toEqual([
      { name: 'report-p1-2.pdf', texts: ['Page 1 of six', 'Page 2 of six'] },
      { name: 'report-p3.pdf', texts: ['Page 3 of six'] },
      { name: 'report-p5-6.pdf', texts: ['Page 5 of six', 'Page 6 of six'] },
    ]);
    expect(outputs.every((o) => o.mime === 'application/pdf')).toBe(true);
  });

  it('keeps each page its size and rotation', async () => {
    const [first, third] = await splitPdf(await sixPages(), { mode: 'ranges', ranges: '1-2, 3' });
    expect(pdfPages(first!.bytes)).toEqual([
      { width: 595.28, height: 841.89, rotation: 0 },
      { width: 612, height: 792, rotation: 0 },
    ]);
    expect(pdfPages(third!.bytes)).toEqual([{ width: 595.28, height: 841.89, rotation: 270 }]);
  });

  it('makes a new file every N pages, the last one shorter', async () => {
    const outputs = await splitPdf(await sixPages(), { mode: 'every', every: 4 });
    expect(readBack(outputs)).toEqual([
      { name: 'report-p1-4.pdf', texts: ['Page 1 of six', 'Page 2 of six', 'Page 3 of six', 'Page 4 of six'] },
      { name: 'report-p5-6.pdf', texts: ['Page 5 of six', 'Page 6 of six'] },
    ]);
  });

  it('splits a pdfkit file into single pages', async () => {
    const input = { name: 'letters.pdf', bytes: await pdfkitPdf(['First letter', 'Second letter', 'Third letter']) };
    const outputs = await splitPdf(input, { mode: 'every', every: 1 });
    expect(readBack(outputs)).toEqual([
      { name: 'letters-p1.pdf', texts: ['First letter'] },
      { name: 'letters-p2.pdf', texts: ['Second letter'] },
      { name: 'letters-p3.pdf', texts: ['Third letter'] },
    ]);
  });

  it('gives the same range typed twice two different names', async () => {
    const outputs = await splitPdf(await sixPages(), { mode: 'ranges', ranges: '2, 2' });
    expect(outputs.map((o) => o.name)).toEqual(['report-p2.pdf', 'report-p2 (2).pdf']);
  });

  it('refuses a range past the last page', async () => {
    await expect(splitPdf(await sixPages(), { mode: 'ranges', ranges: '1-2, 5-9' })).rejects.toMatchObject({ name: 'PdfOptionsError', reason: 'pageOutOfRange', detail: '5-9' });
  });

  it('reports progress per file made', async () => {
    const seen: number[] = [];
    await splitPdf(await sixPages(), { mode: 'every', every: 2 }, { onProgress: (f) => seen.push(f) });
    expect(seen).toEqual([1 / 3, 2 / 3, 1]);
  });

  it('splits at each top-level bookmark of a PDFKit outline, named in order after the bookmarks', async () => {
    const texts = ['Cover', 'Intro one', 'Intro two', 'Method', 'Results one', 'Results two'];
    const bytes = await pdfkitPdfWithBookmarks(texts, { 1: 'Introduction', 3: 'Method: how/why', 4: '结果 Results' });
    const outputs = await splitPdf({ name: 'paper.pdf', bytes }, { mode: 'bookmarks' });
    expect(readBack(outputs)).toEqual([
      { name: 'paper-01 Introduction.pdf', texts: ['Cover', 'Intro one', 'Intro two'] },
      { name: 'paper-02 Method how why.pdf', texts: ['Method'] },
      { name: 'paper-03 结果 Results.pdf', texts: ['Results one', 'Results two'] },
    ]);
  });

  it('follows named destinations and GoTo actions, and refuses a PDF without bookmarks', async () => {
    // Bookmarks as LibreOffice and Word write them: a name looked up in the catalog, or a GoTo action.
    const doc = await PDFDocument.load(await pdfLibPdf([1, 2, 3, 4].map((n) => ({ text: `Part page ${n}`, size: [300, 300] as [number, number], rotate: 0 }))));
    const { context, catalog } = doc;
    const pages = doc.getPages();
    const dest = (i: number) => context.obj([pages[i]!.ref, PDFName.of('Fit')]);
    catalog.set(PDFName.of('Names'), context.obj({ Dests: context.obj({ Names: context.obj([PDFString.of('sec-b'), dest(2)]) }) }));
    const outlines = context.nextRef();
    const [first, second] = [context.nextRef(), context.nextRef()];
    context.assign(first, context.obj({ Title: PDFString.of('A'), Parent: outlines, Next: second, A: context.obj({ S: 'GoTo', D: dest(0) }) }));
    context.assign(second, context.obj({ Title: PDFString.of('B'), Parent: outlines, Prev: first, Dest: PDFString.of('sec-b') }));
    context.assign(outlines, context.obj({ Type: 'Outlines', First: first, Last: second, Count: 2 }));
    catalog.set(PDFName.of('Outlines'), outlines);
    const outputs = await splitPdf({ name: 'named.pdf', bytes: await doc.save() }, { mode: 'bookmarks' });
    expect(readBack(outputs)).toEqual([
      { name: 'named-01 A.pdf', texts: ['Part page 1', 'Part page 2'] },
      { name: 'named-02 B.pdf', texts: ['Part page 3', 'Part page 4'] },
    ]);

    await expect(splitPdf({ name: 'plain.pdf', bytes: await pdfkitPdf(['One', 'Two']) }, { mode: 'bookmarks' })).rejects.toMatchObject({ reason: 'noBookmarks' });
  });
});
