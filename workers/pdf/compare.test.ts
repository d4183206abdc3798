import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, type PDFHexString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cjkFontPath, renderPdf } from '../../tests/helpers/fixtures/pdfs';
import { runCompare } from './compare';

/** One line per `text` call at a fixed place, Chinese lines in Noto Sans CJK SC (embedded). */
function versionPdf(pages: string[][]): Promise<Uint8Array> {
  const cjk = cjkFontPath();
  return renderPdf((doc) => {
    if (cjk) doc.registerFont('cjk', cjk, 'NotoSansCJKsc-Regular');
    pages.forEach((lines, i) => {
      if (i > 0) doc.addPage();
      lines.forEach((line, k) => doc.font(cjk && /[\u4e00-\u9fff]/u.test(line) ? 'cjk' : 'Helvetica').fontSize(14).text(line, 72, 100 + k * 30, { lineBreak: false }));
    });
  });
}

function withFile<T>(bytes: Uint8Array, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'compare-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), bytes);
    return read(join(dir, 'f.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const text = (bytes: Uint8Array) => withFile(bytes, (f) => spawnSync('pdftotext', [f, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ').trim());
const qpdfCheck = (bytes: Uint8Array) => withFile(bytes, (f) => spawnSync('qpdf', ['--check', f]).status);

/** The notes the report put on each page, by page number. */
async function notes(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) =>
    (page.node.Annots()?.asArray() ?? [])
      .map((ref) => doc.context.lookup(ref))
      .filter((a): a is PDFDict => a instanceof PDFDict && a.get(PDFName.of('Subtype')) === PDFName.of('Text'))
      .map((a) => (a.get(PDFName.of('Contents')) as PDFHexString).decodeText()),
  );
}

const OLDER = [['Service agreement, version one.'], ['The fee is due within thirty days.', '本合同的服务费用为每月五百元。'], ['Signed in London.']];
const NEWER = [['Service agreement, version one.'], ['The charge is due within sixty days.', '本合同的服务收费为每月五百元。'], ['Signed in London.']];

describe('runCompare (pdf.js text, pdf-lib marks)', () => {
  it('gives the newer version with its changes marked, a note per replaced word, and its text intact', async () => {
    const older = await versionPdf(OLDER);
    const newer = await versionPdf(NEWER);
    const progress: number[] = [];
    const [report] = await runCompare(
      [
        { name: 'contract-v1.pdf', bytes: older },
        { name: 'contract-v2.pdf', bytes: newer },
      ],
      { labels: { removed: 'Removed', replaced: 'Was' } },
      { onProgress: (f) => progress.push(f) },
    );
    expect(report!.name).toBe('contract-v2-compared.pdf');
    expect(qpdfCheck(report!.bytes)).toBe(0);
    expect(text(report!.bytes)).toBe(text(newer));
    const found = await notes(report!.bytes);
    console.log('notes by page:', JSON.stringify(found));
    expect(found[0]).toEqual([]);
    expect(found[1]).toEqual(['Was: “fee”', 'Was: “thirty”', ...(cjkFontPath() ? ['Was: “费用”'] : [])]);
    expect(found[2]).toEqual([]);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('refuses anything but two files, and options its schema does not allow', async () => {
    const one = { name: 'a.pdf', bytes: await versionPdf(OLDER) };
    await expect(runCompare([one], {}, {})).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(runCompare([one, one], { labels: { removed: '', replaced: 'Was' } }, {})).rejects.toMatchObject({ name: 'ZodError' });
    await expect(runCompare([one, one], { colour: 'red' }, {})).rejects.toMatchObject({ name: 'ZodError' });
  });
});
