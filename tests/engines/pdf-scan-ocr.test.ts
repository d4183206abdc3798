import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { pdfToDocx } from '@engines/document/pdf-to-docx';
import { pdfToTxt } from '@engines/document/pdf-to-txt';
import { pdfToXlsx } from '@engines/document/pdf-to-xlsx';
import { pdfToPptx } from '@engines/document/pdf-to-pptx';
import { characterErrorRate } from '@engines/reading/cer';
import type { PageRecogniser } from '@engines/document/types';
import { recognisePageWithTesseract } from '../../api/engine-threads/page-ocr';
import { expectedText, mixedPdf, SCAN_CHINESE, SCAN_ENGLISH, scannedPagePdf, textPagePdf } from '../helpers/ocr-scan';
import { readCorpus } from '../helpers/corpus';
import { scanOfPdf, pdfPages } from '../helpers/scan-pdf';

/**
 * Scanned pages made editable (issue 29, part 4), with the server's real recogniser (pdftoppm +
 * Tesseract, eng + chi_sim): the recognised text comes out as Word paragraphs, never text boxes,
 * and every PDF writer reports which pages were read.
 */
const SLOW = 180_000;

async function documentXml(docx: Uint8Array): Promise<string> {
  return (await (await JSZip.loadAsync(docx)).file('word/document.xml')?.async('string')) ?? '';
}

/** The text of each paragraph of a Word body, in order. */
function paragraphTexts(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => [...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')).filter((t) => t.trim());
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('scanned PDF pages', () => {
  it('become editable Word paragraphs in English and Chinese, with the page reported', { timeout: SLOW }, async () => {
    const scan = await scannedPagePdf(300);
    const out = await pdfToDocx({ name: 'scan.pdf', bytes: scan }, { recognise: recognisePageWithTesseract });
    const xml = await documentXml(out.bytes);
    expect(xml).not.toMatch(/txbxContent|v:textbox|wps:txbx/);
    const paragraphs = paragraphTexts(xml);
    const text = paragraphs.join('\n');
    expect(characterErrorRate(expectedText(), text)).toBeLessThanOrEqual(0.03);
    // The title, larger and apart, is its own paragraph; the body lines are not one per word.
    expect(paragraphs[0]).toBe(SCAN_ENGLISH[0]);
    expect(paragraphs.length).toBeLessThanOrEqual(SCAN_ENGLISH.length + SCAN_CHINESE.length);
    expect(text).toContain(SCAN_CHINESE[1]);
    // The scan itself is gone: its text replaced it.
    expect(xml).not.toContain('<pic:pic');
    expect(out.recognised).toHaveLength(1);
    expect(out.recognised![0]!.page).toBe(1);
    expect(out.recognised![0]!.confidence).toBeGreaterThan(80);
  });

  it('reads only the page without text in a mixed file, and no recogniser means no OCR', { timeout: SLOW }, async () => {
    const pdf = await mixedPdf(await scannedPagePdf(200, { chinese: false }), await textPagePdf({ english: false }));
    const calls: number[] = [];
    const counting: PageRecogniser = async (request) => {
      calls.push(request.number);
      return recognisePageWithTesseract(request);
    };
    const out = await pdfToTxt({ name: 'mixed.pdf', bytes: pdf }, { recognise: counting });
    expect(calls).toEqual([1]);
    expect(out.recognised?.map((r) => r.page)).toEqual([1]);
    const [first, second] = decode(out.bytes).split('\f');
    expect(characterErrorRate(SCAN_ENGLISH.join('\n'), first!)).toBeLessThanOrEqual(0.03);
    expect(second).toContain(SCAN_CHINESE[0]);
    const plain = await pdfToTxt({ name: 'mixed.pdf', bytes: pdf });
    expect(plain.recognised).toBeUndefined();
    expect(decode(plain.bytes).split('\f')[0]!.trim()).toBe('');
  });

  it('gives Excel and PowerPoint the recognised text too', { timeout: SLOW }, async () => {
    const scan = await scannedPagePdf(300, { chinese: false });
    const xlsx = await pdfToXlsx({ name: 'scan.pdf', bytes: scan }, { recognise: recognisePageWithTesseract });
    expect(xlsx.recognised?.[0]?.page).toBe(1);
    const sheets = await JSZip.loadAsync(xlsx.bytes);
    const strings = (await sheets.file('xl/sharedStrings.xml')?.async('string')) ?? '';
    expect(strings).toContain('Harbour Maintenance Report');
    const pptx = await pdfToPptx({ name: 'scan.pdf', bytes: scan }, { recognise: recognisePageWithTesseract });
    expect(pptx.recognised?.[0]?.page).toBe(1);
    const slide = (await (await JSZip.loadAsync(pptx.bytes)).file('ppt/slides/slide1.xml')?.async('string')) ?? '';
    expect(slide).toContain('Harbour Maintenance Report');
  });

  it('reads a corpus page scanned at 150 dpi back with its list items', { timeout: SLOW }, async () => {
    const original = await pdfPages(readCorpus('multi_page.pdf'), 1, 1);
    const reference = decode((await pdfToTxt({ name: 'page.pdf', bytes: original })).bytes);
    const scan = await scanOfPdf(original, 150);
    const out = await pdfToTxt({ name: 'scan.pdf', bytes: scan }, { recognise: recognisePageWithTesseract });
    const text = decode(out.bytes);
    expect(characterErrorRate(reference, text)).toBeLessThanOrEqual(0.05);
    // Bullets Tesseract reads as "e" or "°" are bullets again, so the items stay list items.
    expect(reference.match(/^• /gm)?.length ?? 0).toBeGreaterThan(0);
    expect(text.match(/^• /gm)?.length ?? 0).toBe(reference.match(/^• /gm)?.length ?? 0);
  });
});
