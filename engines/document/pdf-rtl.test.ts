import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf, reportPdf } from '../../tests/helpers/fixtures/pdfs';
import { readDocx } from '../../tests/helpers/read-pdf-results';
import { wordSimilarity, wordTokens } from '../../tests/helpers/word-similarity';
import { analyzePdf } from './pdf-analyze';
import { pdfToDocx } from './pdf-to-docx';
import { pdfToHtml } from './pdf-to-html';
import { pdfToTxt } from './pdf-to-txt';

/**
 * Right-to-left PDFs as LibreOffice and Chromium write them (issue 29): Hebrew and Arabic
 * documents typed in logical order, set right to left in Noto fonts that both embed, with Latin
 * words, Western and Arabic-Indic digits and parentheses among the words. Both draw each line in
 * visual order and Arabic lam + alef as one ligature glyph; LibreOffice draws a line one font at
 * a time, the Hebrew or Arabic first and the punctuation of a fallback font into its gaps.
 */
const HEBREW = {
  font: 'Noto Sans Hebrew',
  heading: 'דוח שנתי על מצב הספרייה',
  body: 'הספרייה העירונית פתוחה בכל ימות השבוע מלבד שבת. השנה הצטרפו אלפי קוראים חדשים, והמבנה הישן שופץ בעזרת תרומות מהקהילה ומהעירייה. צוות הספרייה מודה לכל המתנדבים שעזרו בהעברת הספרים למדפים החדשים ובסידור חדר הקריאה.',
  mixed: 'בשנת 2024 השאילו הקוראים 15000 ספרים דרך האתר Library Online החדש.',
  aside: 'הדוח המלא (ראו נספח 3) פורסם באתר העירייה בחודש מאי.',
};

const ARABIC = {
  font: 'Noto Sans Arabic',
  heading: 'تقرير سنوي عن المكتبة',
  body: 'تفتح المكتبة العامة أبوابها طوال أيام الأسبوع ما عدا يوم الجمعة. انضم هذا العام آلاف القراء الجدد، وتم تجديد المبنى القديم بمساعدة تبرعات من المجتمع والبلدية. ويشكر فريق المكتبة جميع المتطوعين الذين ساعدوا في نقل الكتب إلى الرفوف الجديدة.',
  mixed: 'في عام 2024 استعار القراء 15000 كتاب عبر موقع Library Online الجديد.',
  aside: 'افتتح الفرع الجديد في ٢٠٢٣ بحضور ١٢٠ زائرا (تقريبا) ولا يزال مفتوحا.',
};

type Fixture = typeof HEBREW;

const paragraphsOf = (f: Fixture) => [f.heading, f.body, f.mixed, f.aside];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A flat ODT: right-to-left paragraphs, flush right, the Hebrew or Arabic in `font` (LibreOffice's complex-script font). */
function flatOdt(f: Fixture): string {
  const text = (size: number, bold: boolean) =>
    `<style:text-properties style:font-name="Noto Sans" fo:font-size="${size}pt" style:font-name-complex="${f.font}" style:font-size-complex="${size}pt"${bold ? ' fo:font-weight="bold" style:font-weight-complex="bold"' : ''}/>`;
  const paragraph = (space: string) => `<style:paragraph-properties style:writing-mode="rl-tb" fo:text-align="end" fo:margin-bottom="${space}"/>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="Noto Sans" svg:font-family="'Noto Sans'"/><style:font-face style:name="${f.font}" svg:font-family="'${f.font}'"/></office:font-face-decls>
<office:automatic-styles>
<style:style style:name="Head" style:family="paragraph">${paragraph('0.5cm')}${text(20, true)}</style:style>
<style:style style:name="Body" style:family="paragraph">${paragraph('0.4cm')}${text(12, false)}</style:style>
</office:automatic-styles>
<office:body><office:text>
<text:p text:style-name="Head">${escapeXml(f.heading)}</text:p>
${[f.body, f.mixed, f.aside].map((p) => `<text:p text:style-name="Body">${escapeXml(p)}</text:p>`).join('\n')}
</office:text></office:body></office:document>`;
}

function fontsInstalled(): boolean {
  const list = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  return list.status === 0 && [HEBREW.font, ARABIC.font].every((font) => list.stdout.includes(font));
}

/** The same document as a right-to-left web page, for Chromium to print. */
function html(f: Fixture): string {
  const body = [f.body, f.mixed, f.aside].map((p) => `<p>${escapeXml(p)}</p>`).join('');
  return `<!doctype html><html dir="rtl"><head><meta charset="utf-8"><style>body{font-family:'${f.font}';font-size:12pt;margin:2cm}h1{font-size:20pt}</style></head><body><h1>${escapeXml(f.heading)}</h1>${body}</body></html>`;
}

type Producer = 'LibreOffice' | 'Chromium';
type Script = 'hebrew' | 'arabic';

let dir = '';
const pdfs = new Map<string, Uint8Array>();

function keep(producer: Producer, script: Script, file: string): void {
  try {
    pdfs.set(`${producer} ${script}`, new Uint8Array(readFileSync(file)));
  } catch {
    // Not written: that producer's checks are skipped.
  }
}

beforeAll(() => {
  if (!fontsInstalled()) return;
  dir = mkdtempSync(join(tmpdir(), 'pdf-rtl-'));
  for (const [script, fixture] of [['hebrew', HEBREW], ['arabic', ARABIC]] as const) {
    writeFileSync(join(dir, `${script}.fodt`), flatOdt(fixture));
    writeFileSync(join(dir, `${script}.html`), html(fixture));
  }
  spawnSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'hebrew.fodt'), join(dir, 'arabic.fodt')], { timeout: 120_000 });
  for (const script of ['hebrew', 'arabic'] as const) {
    keep('LibreOffice', script, join(dir, `${script}.pdf`));
    const pdf = join(dir, `${script}-chromium.pdf`);
    spawnSync('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', `--user-data-dir=${join(dir, 'chromium')}`, `--print-to-pdf=${pdf}`, `file://${join(dir, `${script}.html`)}`], { timeout: 60_000 });
    keep('Chromium', script, pdf);
  }
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function fixturePdf(producer: Producer, script: Script, skip: () => void): Uint8Array {
  const pdf = pdfs.get(`${producer} ${script}`);
  if (!pdf) {
    console.warn(`[skip] ${producer} or fonts-noto-core (Noto Sans Hebrew/Arabic) is missing; its right-to-left PDF checks are skipped.`);
    skip();
  }
  return pdf!;
}

const CASES = (['LibreOffice', 'Chromium'] as const).flatMap((producer) => [
  { producer, name: 'hebrew' as const, fixture: HEBREW },
  { producer, name: 'arabic' as const, fixture: ARABIC },
]);

describe.each(CASES)('PDF → Word, right to left: $name from $producer', ({ producer, name, fixture }) => {
  it('reads every paragraph back in logical order, word for word', async (ctx) => {
    const out = await pdfToDocx({ name: `${name}.pdf`, bytes: fixturePdf(producer, name, () => ctx.skip()) });
    const doc = await readDocx(out.bytes);
    expect(doc.paragraphs).toEqual(paragraphsOf(fixture));
    expect(wordSimilarity(doc.text, paragraphsOf(fixture).join('\n'))).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps the Latin words and the numbers of a mixed line where they were typed', async (ctx) => {
    const out = await pdfToDocx({ name: `${name}.pdf`, bytes: fixturePdf(producer, name, () => ctx.skip()) });
    const mixed = (await readDocx(out.bytes)).paragraphs.find((p) => p.includes('Library'));
    expect(wordTokens(mixed ?? '')).toEqual(wordTokens(fixture.mixed));
    expect(mixed).toContain('Library Online');
  });

  it('marks the paragraphs right to left (w:bidi) and the Hebrew or Arabic runs w:rtl, not the Latin ones', async (ctx) => {
    const out = await pdfToDocx({ name: `${name}.pdf`, bytes: fixturePdf(producer, name, () => ctx.skip()) });
    const { xml } = await readDocx(out.bytes);
    const paragraphs = (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).filter((p) => p.includes('<w:t'));
    expect(paragraphs).toHaveLength(4);
    for (const p of paragraphs) expect(p).toContain('<w:bidi/>');
    const runs = xml.match(/<w:r>[\s\S]*?<\/w:r>/g) ?? [];
    const rtlScript = /[\u0590-\u05ff\u0600-\u06ff]/;
    for (const run of runs.filter((r) => rtlScript.test(r))) expect(run).toContain('<w:rtl/>');
    const latin = runs.filter((r) => r.includes('Library Online'));
    expect(latin.length).toBeGreaterThan(0);
    for (const run of latin) expect(run).not.toContain('<w:rtl/>');
  });

  it('lays the paragraphs out flush right, as on the page', async (ctx) => {
    const model = await analyzePdf(fixturePdf(producer, name, () => ctx.skip()));
    const paragraphs = model.pages[0]!.flow.flatMap((f) => (f.kind === 'paragraph' ? [f.paragraph] : []));
    expect(paragraphs.map((p) => [p.rtl, p.align])).toEqual(paragraphsOf(fixture).map(() => [true, 'right']));
  });

  it('writes right-to-left paragraphs to HTML', async (ctx) => {
    const out = await pdfToHtml({ name: `${name}.pdf`, bytes: fixturePdf(producer, name, () => ctx.skip()) });
    const html = new TextDecoder().decode(out.bytes);
    expect(html.match(/<(?:p|h\d) dir="rtl"/g)).toHaveLength(4);
    expect(html).toContain(fixture.heading);
  });

  it('writes the same logical text to plain text', async (ctx) => {
    const out = await pdfToTxt({ name: `${name}.pdf`, bytes: fixturePdf(producer, name, () => ctx.skip()) });
    expect(new TextDecoder().decode(out.bytes).trim()).toBe(paragraphsOf(fixture).join('\n\n'));
  });
});

/** Noto Sans Arabic's file, which maps the presentation forms to its shaped glyphs. */
function arabicFontFile(): string | null {
  const match = spawnSync('fc-match', ['-f', '%{file}', `${ARABIC.font}:style=Regular`], { encoding: 'utf8' });
  return match.status === 0 && /NotoSansArabic/i.test(match.stdout) ? match.stdout : null;
}

describe('Arabic stored as presentation forms (older producers shape the text themselves)', () => {
  it('reads back as the letters they stand for, lam-alef ligatures in order', async (ctx) => {
    const font = arabicFontFile();
    if (!font) {
      console.warn('[skip] Noto Sans Arabic is not installed; the presentation-form check is skipped.');
      return ctx.skip();
    }
    // "السلام" and "عليكم", shaped: initial, medial and final forms and the lam-alef ligature ﻼ.
    const pdf = await renderPdf((doc) => {
      doc.registerFont('arabic', font);
      doc.font('arabic').fontSize(14).text('\uFE8D\uFEDF\uFEB4\uFEFC\uFEE1', { width: 451, align: 'right' });
      doc.moveDown(1.5);
      doc.font('arabic').fontSize(14).text('\uFECB\uFEE0\uFEF4\uFEDC\uFEE2', { width: 451, align: 'right' });
    });
    const out = await pdfToTxt({ name: 'shaped.pdf', bytes: pdf });
    expect(new TextDecoder().decode(out.bytes).trim().split(/\s+/)).toEqual(['السلام', 'عليكم']);
  });
});

describe('left-to-right PDFs', () => {
  it('have no right-to-left lines or paragraphs', async () => {
    const model = await analyzePdf(await reportPdf());
    expect(model.pages.flatMap((p) => p.lines).some((l) => l.rtl)).toBe(false);
    expect(model.pages.flatMap((p) => p.flow).some((f) => f.kind === 'paragraph' && f.paragraph.rtl)).toBe(false);
  });
});
