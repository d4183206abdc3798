import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { PDF_TOOLS } from '@contracts/pdf-tools';
import { pngBytes } from '../../tests/helpers/fixtures/image-encoders';
import { pdfLibPdf } from '../../tests/helpers/fixtures/pdf-tool-inputs';
import { pdfPages, pdfPageTexts, qpdfCheck, renderPage } from '../../tests/helpers/pdf-tool-checks';
import { isPdfBrowserTool, PDF_BROWSER_OPS } from './registry';

async function twoFiles() {
  return [
    { name: 'one.pdf', bytes: await pdfLibPdf([{ text: 'One A' }, { text: 'One B' }, { text: 'One C' }]) },
    { name: 'two.pdf', bytes: await pdfLibPdf([{ text: 'Two A' }, { text: 'Two B' }]) },
  ];
}

describe('PDF_BROWSER_OPS', () => {
  it('has an operation for exactly the tools the catalogue runs in the browser', () => {
    // PDF to images and compare read pages with pdf.js (a canvas, text runs), so the worker runs them
    // itself (workers/pdf/pages-to-images.ts, workers/pdf/compare.ts), not this pdf-lib registry.
    const workerOnly = new Set(['pdf-to-image', 'pdf-compare']);
    const browserTools = PDF_TOOLS.filter((t) => t.engine === 'browser' && !workerOnly.has(t.key)).map((t) => t.key);
    expect(Object.keys(PDF_BROWSER_OPS).sort()).toEqual([...browserTools].sort());
    expect(browserTools.every(isPdfBrowserTool)).toBe(true);
    expect(isPdfBrowserTool('pdf-compress')).toBe(false);
  });

  it('merges all inputs into one result', async () => {
    const merge = await PDF_BROWSER_OPS['pdf-merge']();
    const outputs = await merge(await twoFiles(), {});
    expect(outputs.map((o) => o.name)).toEqual(['merged.pdf']);
    expect(pdfPageTexts(outputs[0]!.bytes)).toEqual(['One A', 'One B', 'One C', 'Two A', 'Two B']);
  });

  it('splits each input and returns every part, progress spread over the inputs', async () => {
    const split = await PDF_BROWSER_OPS['pdf-split']();
    const seen: number[] = [];
    const outputs = await split(await twoFiles(), { mode: 'every', every: 2 }, { onProgress: (f) => seen.push(f) });
    expect(outputs.map((o) => o.name)).toEqual(['one-p1-2.pdf', 'one-p3.pdf', 'two-p1-2.pdf']);
    expect(seen).toEqual([0.25, 0.5, 1]);
  });

  it('organizes each input the same way, filling in the default rotation', async () => {
    const organize = await PDF_BROWSER_OPS['pdf-organize']();
    const outputs = await organize(await twoFiles(), { pages: [{ page: 2 }, { page: 1, rotate: 90 }] });
    expect(outputs.map((o) => [o.name, pdfPageTexts(o.bytes)])).toEqual([
      ['one.pdf', ['One B', 'One A']],
      ['two.pdf', ['Two B', 'Two A']],
    ]);
    expect(pdfPages(outputs[1]!.bytes).map((p) => p.rotation)).toEqual([0, 90]);
  });

  it('fills in the image options the user left out (A4, auto orientation, 10 mm)', async () => {
    const imageToPdf = await PDF_BROWSER_OPS['image-to-pdf']();
    const outputs = await imageToPdf([{ name: 'wide.png', bytes: new Uint8Array(pngBytes(80, 50)) }], {});
    expect(outputs.map((o) => o.name)).toEqual(['wide.pdf']);
    expect(qpdfCheck(outputs[0]!.bytes).status).toBe(0);
    // auto turns the page for a wide picture.
    expect(pdfPages(outputs[0]!.bytes)).toEqual([{ width: 841.89, height: 595.28, rotation: 0 }]);
    const page = renderPage(outputs[0]!.bytes, 1);
    // The 10 mm margin (28 pt) is left white; the picture fills the width inside it.
    expect(page.rgb(14, 297)).toEqual([255, 255, 255]);
    expect(page.rgb(40, 297)).not.toEqual([255, 255, 255]);
  });

  it('refuses options that do not match the tool schema before reading any file', async () => {
    const split = await PDF_BROWSER_OPS['pdf-split']();
    await expect(split([], { mode: 'every', every: 0 })).rejects.toBeInstanceOf(ZodError);
    const merge = await PDF_BROWSER_OPS['pdf-merge']();
    await expect(merge([], { extra: true })).rejects.toBeInstanceOf(ZodError);
    const organize = await PDF_BROWSER_OPS['pdf-organize']();
    await expect(organize([], { pages: [{ page: 1, rotate: 45 }] })).rejects.toBeInstanceOf(ZodError);
  });
});
