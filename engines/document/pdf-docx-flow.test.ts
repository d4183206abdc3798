import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ACROSS_PAGES, acrossPagesPdf, endedAtPageBreakPdf, HYPHENATED, hyphenatedPdf, pageNumberPdf, RUNNING, runningHeadsPdf } from '../../tests/helpers/fixtures/pdfs-flow';
import { readDocx, type DocxReadBack } from '../../tests/helpers/read-pdf-results';
import { pdfToDocx } from './pdf-to-docx';

interface Converted {
  doc: DocxReadBack;
  /** Text of every header and footer part, by part name. */
  parts: Record<string, string>;
}

async function convert(bytes: Uint8Array): Promise<Converted> {
  const out = await pdfToDocx({ name: 'flow.pdf', bytes });
  const zip = await JSZip.loadAsync(out.bytes);
  const parts: Record<string, string> = {};
  for (const name of Object.keys(zip.files).filter((n) => /^word\/(header|footer)\d+\.xml$/.test(n))) parts[name] = await zip.file(name)!.async('string');
  return { doc: await readDocx(out.bytes), parts };
}

function partsText(parts: Record<string, string>, kind: 'header' | 'footer'): string {
  return Object.entries(parts)
    .filter(([name]) => name.includes(kind))
    .map(([, xml]) => xml)
    .join('\n');
}

describe('PDF → Word paragraph flow', () => {
  it('joins a word hyphenated at a line end, and keeps the hyphen between numbers', async () => {
    const { doc } = await convert(await hyphenatedPdf());
    expect(doc.paragraphs).toEqual([HYPHENATED.joined, HYPHENATED.next]);
    expect(doc.text).not.toContain('exam-');
  });

  it('puts a repeated header and a "Page n of m" footer into Word header and footer, out of the body', async () => {
    const { doc, parts } = await convert(await runningHeadsPdf());
    expect(doc.paragraphs).toEqual(RUNNING.body);
    expect(doc.pages).toBe(3);
    expect(doc.text).not.toContain(RUNNING.header);
    expect(doc.text).not.toMatch(/Page \d of/);
    expect(partsText(parts, 'header')).toContain(RUNNING.header);
    const footer = partsText(parts, 'footer');
    // The numbers are Word fields, so they stay right when the document is edited.
    expect(footer).toMatch(/PAGE/);
    expect(footer).toMatch(/NUMPAGES/);
    expect(footer).toContain('Page ');
  });

  it('moves a lone page number into the footer and starts numbering where the PDF does', async () => {
    const { doc, parts } = await convert(await pageNumberPdf());
    expect(doc.paragraphs).toEqual(RUNNING.body.slice(0, 2));
    expect(partsText(parts, 'footer')).toMatch(/PAGE/);
    expect(doc.xml).toMatch(/<w:pgNumType w:start="7"/);
  });

  it('keeps a paragraph that a page break cut in two as one, the page break before the next block', async () => {
    const { doc } = await convert(await acrossPagesPdf());
    expect(doc.pages).toBe(2);
    expect(doc.paragraphs).toEqual([ACROSS_PAGES.long, ACROSS_PAGES.after]);
    expect(doc.xml).toMatch(/<w:pageBreakBefore\/>(?:(?!<\/w:p>)[\s\S])*?A new paragraph starts/);
  });

  it('does not join across a page break when the sentence had ended', async () => {
    const { doc } = await convert(await endedAtPageBreakPdf());
    expect(doc.paragraphs).toHaveLength(2);
    expect(doc.paragraphs[0]).toBe(ACROSS_PAGES.ended.join(' '));
    expect(doc.pages).toBe(2);
  });
});
