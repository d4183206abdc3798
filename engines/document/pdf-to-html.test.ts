import { describe, expect, it } from 'vitest';
import { CHINESE, chinesePdf, REPORT, reportPdf } from '../../tests/helpers/fixtures/pdfs';
import { readCorpus, readExpected } from '../../tests/helpers/corpus';
import { stripMarkdown, wordSimilarity } from '../../tests/helpers/word-similarity';
import { pdfToHtml } from './pdf-to-html';

async function html(bytes: Uint8Array): Promise<string> {
  const out = await pdfToHtml({ name: 'report.pdf', bytes });
  expect(out.name).toBe('report.html');
  return new TextDecoder().decode(out.bytes);
}

function visibleText(markup: string): string {
  return markup
    .replace(/<style>[\s\S]*?<\/style>|<title>[\s\S]*?<\/title>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;/g, ' ');
}

describe('pdfToHtml', () => {
  it('is a full UTF-8 document with one section per page', async () => {
    const doc = await html(await reportPdf());
    expect(doc).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(doc).toContain('<meta charset="utf-8">');
    expect(doc.match(/<section class="page"/g)).toHaveLength(2);
  });

  it('marks headings by size, bold and italic, lists and tables', async () => {
    const doc = await html(await reportPdf());
    expect(doc).toContain(`<h1>${REPORT.title}</h1>`);
    expect(doc).toContain(`<h2>${REPORT.section1}</h2>`);
    expect(doc).toContain(`<strong>${REPORT.boldWords}</strong>`);
    expect(doc).toContain(`<em>${REPORT.italicWords}</em>`);
    expect(doc).toContain(`<ul>\n<li>${REPORT.bullets[0]}`);
    expect(doc).toContain(`<ol>\n<li>${REPORT.numbered[0]}`);
    expect(doc).toContain('<table class="ruled">');
    expect(doc).toContain('<td style="text-align:right">$1,250,000.00</td>');
    expect(doc).toContain(`<p>${REPORT.intro}</p>`);
  });

  it('declares Chinese pages as zh and keeps their text', async (ctx) => {
    const pdf = chinesePdf();
    if (!pdf) {
      console.warn('[skip] fonts-noto-cjk is not installed; the Chinese PDF → HTML check is skipped.');
      return ctx.skip();
    }
    const doc = await html(await pdf);
    expect(doc).toContain('<html lang="zh">');
    expect(doc).toContain(`<p>${CHINESE.paragraphs[0]}</p>`);
  });

  it.for(['multi_page', 'borderless_table', 'invoice_multipage'])('%s.pdf holds the ground truth words in order', async (name) => {
    const pdf = readCorpus(`${name}.pdf`);
    const expected = readExpected(`${name}.expected.md`);
    expect(wordSimilarity(visibleText(await html(pdf)), stripMarkdown(expected))).toBeGreaterThanOrEqual(0.97);
  });

  it('embeds images as data URLs', async () => {
    const pdf = readCorpus('invoice_multipage.pdf');
    expect(await html(pdf)).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/]{100,}/);
  });
});
