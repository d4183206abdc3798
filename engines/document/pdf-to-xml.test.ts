import { describe, expect, it } from 'vitest';
import { chinesePdf, REPORT, reportPdf } from '../../tests/helpers/fixtures/pdfs';
import { readCorpus, readExpected } from '../../tests/helpers/corpus';
import { stripMarkdown, wordSimilarity } from '../../tests/helpers/word-similarity';
import { pdfToXml } from './pdf-to-xml';

async function xml(bytes: Uint8Array): Promise<string> {
  const out = await pdfToXml({ name: 'report.pdf', bytes });
  expect(out.name).toBe('report.xml');
  return new TextDecoder().decode(out.bytes);
}

function lineTexts(doc: string): string {
  return [...doc.matchAll(/<line [^>]*>([^<]*)<\/line>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&[a-z]+;/g, "'")).join('\n');
}

describe('pdfToXml', () => {
  it('nests pages, blocks and lines with coordinates, fonts and sizes', async () => {
    const doc = await xml(await reportPdf());
    expect(doc.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<document pages="2">')).toBe(true);
    expect(doc).toContain('<page number="1" width="595.28" height="841.89">');
    expect(doc).toMatch(/<block x="[\d.]+" y="[\d.]+" w="[\d.]+" h="[\d.]+">\n\s+<line x="72" y="[\d.]+" w="[\d.]+" h="[\d.]+" font="Helvetica-Bold" size="24" bold="true">Quarterly Harbour Report<\/line>/);
    expect(doc.match(/<page /g)).toHaveLength(2);
    expect(doc.match(/<block /g)!.length).toBe(doc.match(/<\/block>/g)!.length);
  });

  it('escapes markup characters and keeps every line', async () => {
    const doc = await xml(await reportPdf());
    expect(doc).toContain('$1,250,000.00');
    expect(doc).not.toMatch(/>[^<]*&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(lineTexts(doc)).toContain(REPORT.bullets[2]);
  });

  it('keeps Chinese lines', async (ctx) => {
    const pdf = chinesePdf();
    if (!pdf) {
      console.warn('[skip] fonts-noto-cjk is not installed; the Chinese PDF → XML check is skipped.');
      return ctx.skip();
    }
    expect(await xml(await pdf)).toContain('font="NotoSansCJKsc-Regular" size="20">年度工作总结</line>');
  });

  it.for(['multi_page', 'borderless_table', 'invoice_multipage'])('%s.pdf holds the ground truth words in order', async (name) => {
    const pdf = readCorpus(`${name}.pdf`);
    const expected = readExpected(`${name}.expected.md`);
    expect(wordSimilarity(lineTexts(await xml(pdf)), stripMarkdown(expected))).toBeGreaterThanOrEqual(0.97);
  });
});
