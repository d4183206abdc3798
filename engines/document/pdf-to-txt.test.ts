import { describe, expect, it } from 'vitest';
import { CHINESE, chinesePdf, REPORT, reportPdf, TWO_COLUMNS, twoColumnPdf } from '../../tests/helpers/fixtures/pdfs';
import { readCorpus, readExpected } from '../../tests/helpers/corpus';
import { stripMarkdown, wordRecall, wordSimilarity } from '../../tests/helpers/word-similarity';
import { pdfToTxt } from './pdf-to-txt';

async function text(bytes: Uint8Array): Promise<string> {
  const out = await pdfToTxt({ name: 'notes.pdf', bytes });
  expect(out.name).toBe('notes.txt');
  expect(out.mime).toContain('text/plain');
  return new TextDecoder().decode(out.bytes);
}

describe('pdfToTxt', () => {
  it('writes paragraphs in reading order with blank lines between them and a form feed between pages', async () => {
    const txt = await text(await reportPdf());
    const pages = txt.split('\f');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`${REPORT.section1}\n\n${REPORT.intro}\n\n`);
    expect(pages[0]).toContain(`• ${REPORT.bullets[0]}\n\n• ${REPORT.bullets[1]}`);
    expect(pages[1]).toContain(`${REPORT.closing}\n\n1. ${REPORT.numbered[0]}\n\n2. ${REPORT.numbered[1]}`);
  });

  it('writes tables as tab-separated rows', async () => {
    const txt = await text(await reportPdf());
    expect(txt).toContain(REPORT.ruledHeader.join('\t'));
    for (const row of REPORT.numericRows) expect(txt).toContain(row.join('\t'));
  });

  it('reads the left column before the right one', async () => {
    const txt = await text(await twoColumnPdf());
    expect(txt.trim()).toBe([TWO_COLUMNS.heading, ...TWO_COLUMNS.left, TWO_COLUMNS.rightHeading, ...TWO_COLUMNS.right, TWO_COLUMNS.footer].join('\n\n'));
  });

  it('keeps Chinese paragraphs whole', async (ctx) => {
    const pdf = chinesePdf();
    if (!pdf) {
      console.warn('[skip] fonts-noto-cjk is not installed; the Chinese PDF → TXT check is skipped.');
      return ctx.skip();
    }
    expect((await text(await pdf)).trim()).toBe([CHINESE.heading, ...CHINESE.paragraphs, CHINESE.mixed].join('\n\n'));
  });

  it.for(['multi_page', 'borderless_table', 'invoice_multipage'])('%s.pdf holds the ground truth words in order', async (name) => {
    const pdf = readCorpus(`${name}.pdf`);
    const expected = readExpected(`${name}.expected.md`);
    // List numbers are text here but Markdown syntax in the ground truth: recall, not equality.
    expect(wordRecall(await text(pdf), stripMarkdown(expected))).toBeGreaterThanOrEqual(0.98);
    expect(wordSimilarity(await text(pdf), stripMarkdown(expected))).toBeGreaterThanOrEqual(0.97);
  });

  it('markitdown_test.pdf keeps the paper text', async () => {
    const pdf = readCorpus('markitdown_test.pdf');
    const txt = await text(pdf);
    expect(txt.startsWith('1 Introduction\n\nLarge language models (LLMs)')).toBe(true);
    expect(txt).toContain('\n\n2 Conversation programming. A fundamental insight of AutoGen');
  });
});
