import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../tests/helpers/fixtures/pdfs';
import { pdfToTxt } from './pdf-to-txt';
import { PdfLexer, PdfName, PdfOp, PdfRef, decodeTextString } from './pdf-syntax';

/** PDF string syntax for a replacement text: UTF-16BE with its byte-order mark, as hex. */
function utf16Hex(text: string): string {
  return `<FEFF${[...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('')}>`;
}

/**
 * One line drawn by hand-written operators in /FW, a Helvetica whose every character advances
 * 500 units: `parts` are content-stream snippets shown in order from x = 72 on the baseline
 * y = 100 (pdfkit's top-down user space, hence `1 0 0 -1`).
 */
function linePdf(parts: string[], tagged = false): Promise<Uint8Array> {
  return renderPdf((doc) => {
    if (tagged) {
      // Tagged PDFs wrap every paragraph in marked content with an MCID, which pdf.js reports too.
      for (const [i, line] of ['First tagged paragraph.', 'Second tagged paragraph.'].entries()) {
        doc.markStructureContent('P');
        doc.font('Helvetica').fontSize(12).text(line, 72, 200 + 30 * i, { lineBreak: false });
        doc.endMarkedContent();
      }
    }
    doc.font('Helvetica').fontSize(12).text('Heading', 72, 60, { lineBreak: false });
    const fonts = (doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
    // /WD: the same metrics under a pictograph font's name.
    for (const [key, name] of [['FW', 'Helvetica'], ['WD', 'Wingdings']] as const) {
      const font = doc.ref({ Type: 'Font', Subtype: 'Type1', BaseFont: name, Encoding: 'WinAnsiEncoding', FirstChar: 32, LastChar: 126, Widths: Array<number>(95).fill(500) });
      font.end(undefined);
      fonts[key] = font;
    }
    doc.addContent(`BT /FW 12 Tf 1 0 0 -1 72 100 Tm ${parts.join(' ')} ET`);
  }, tagged ? { tagged: true } : {});
}

async function text(bytes: Uint8Array): Promise<string> {
  return new TextDecoder().decode((await pdfToTxt({ name: 'a.pdf', bytes })).bytes);
}

describe('marked-content replacement text (ActualText)', () => {
  it('reads the replacement text of a sequence that shows only a space, where the space was drawn', async () => {
    // A box glyph, then a space that stands for a second character: pdf.js alone loses it.
    const bytes = await linePdf([`(Box) Tj /Span <</ActualText ${utf16Hex('y')}>> BDC ( ) Tj EMC`, '1 0 0 -1 120 100 Tm (Persons) Tj']);
    const txt = await text(bytes);
    expect(txt).toMatch(/Box\s*y\s+Persons/);
  });

  it('replaces the glyphs a sequence draws by its replacement text', async () => {
    const bytes = await linePdf([`(Read ) Tj /Span <</ActualText ${utf16Hex('Figure')}>> BDC (Fig.) Tj EMC ( 4 first) Tj`]);
    const txt = await text(bytes);
    expect(txt).toContain('Read Figure 4 first');
    expect(txt).not.toContain('Fig.');
  });

  it('places a replacement text after glyphs shown earlier in the same text object', async () => {
    // No Td between the shows: the position comes from the font's advance widths.
    const bytes = await linePdf(['(Total) Tj /Span <</ActualText (:)>> BDC ( ) Tj EMC', '1 0 0 -1 160 100 Tm (42) Tj']);
    expect(await text(bytes)).toMatch(/Total:\s+42/);
  });

  it('keeps the drawn text when the replacement text holds only control characters or spaces', async () => {
    const bytes = await linePdf([`/Span <</ActualText ${utf16Hex('\u0084')}>> BDC (Item) Tj EMC`, `/Span <</ActualText ${utf16Hex('\t')}>> BDC ( one) Tj EMC`]);
    const txt = await text(bytes);
    expect(txt).toContain('Item one');
    expect(txt).not.toContain('\u0084');
  });

  it('pairs the sequences with the ones pdf.js reports in a tagged PDF', async () => {
    const bytes = await linePdf([`(Read ) Tj /Span <</ActualText ${utf16Hex('Figure')}>> BDC (Fig.) Tj EMC ( 4 first) Tj`], true);
    const txt = await text(bytes);
    expect(txt).toContain('Read Figure 4 first');
    expect(txt).toContain('First tagged paragraph.');
    expect(txt).toContain('Second tagged paragraph.');
  });

  it('leaves marked content without a replacement text as pdf.js reads it', async () => {
    const bytes = await linePdf(['/P <</MCID 0>> BDC (Plain) Tj EMC /Span BMC ( words) Tj EMC']);
    expect(await text(bytes)).toContain('Plain words');
  });
});

describe('pictograph fonts', () => {
  it('keeps a Wingdings glyph set against a word apart from it', async () => {
    const bytes = await linePdf(['/WD 12 Tf (n) Tj /FW 12 Tf (Yes) Tj', '1 0 0 -1 200 100 Tm (No) Tj']);
    expect(await text(bytes)).toMatch(/(^|\s)n Yes\s+No/);
  });
});

describe('PDF syntax reader', () => {
  it('reads names, references, numbers, nested strings, hex strings and dictionaries', () => {
    const src = new TextEncoder().encode('/A#20b 12 0 R 3.5 -2 (x\\(y\\) (z) \\101\\n) <48 69> <</K [1 2 /N] /S (t)>> Tj');
    const lexer = new PdfLexer(src);
    const name = lexer.next() as PdfName;
    expect(name.name).toBe('A b');
    expect(lexer.next()).toEqual(new PdfRef(12, 0));
    expect(lexer.next()).toBe(3.5);
    expect(lexer.next()).toBe(-2);
    expect(new TextDecoder().decode(lexer.next() as Uint8Array)).toBe('x(y) (z) A\n');
    expect(new TextDecoder().decode(lexer.next() as Uint8Array)).toBe('Hi');
    const dict = lexer.next() as Map<string, unknown>;
    expect(dict.get('K')).toEqual([1, 2, new PdfName('N')]);
    expect(lexer.next()).toEqual(new PdfOp('Tj'));
    expect(lexer.next()).toBeUndefined();
  });

  it('decodes text strings in UTF-16BE, UTF-8 and PDFDocEncoding', () => {
    expect(decodeTextString(Uint8Array.of(0xfe, 0xff, 0x26, 0x10))).toBe('☐');
    expect(decodeTextString(Uint8Array.of(0xef, 0xbb, 0xbf, 0xe2, 0x98, 0x90))).toBe('☐');
    expect(decodeTextString(Uint8Array.of(0x79))).toBe('y');
  });
});
