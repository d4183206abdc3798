import type { PDFPageProxy, PageViewport } from 'pdfjs-dist';
import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api';
import { applyActualText, hasPropertySpans, type ActualTextSource } from './pdf-actual-text';

/** A font as the layout needs it: the PDF's own name (subset prefix removed) and its style. */
export interface FontInfo {
  name: string;
  bold: boolean;
  italic: boolean;
}

/** One piece of text drawn in one font, in page coordinates (points, origin top-left). */
export interface TextRun {
  text: string;
  x: number;
  /** Top of the glyph box (baseline − ascent). */
  y: number;
  w: number;
  h: number;
  baseline: number;
  size: number;
  font: FontInfo;
  /** "RRGGBB" as painted; unknown until `assignColors` has run. */
  color?: string;
  /** pdf.js read the item right to left: `text` is in logical order, the glyphs were drawn reversed. */
  rtl?: boolean;
}

const ARABIC_PRESENTATION_FORMS = /[\ufb50-\ufdff\ufe70-\ufefc]+/g;
const BOLD_NAME = /bold|black|heavy|semibold|demi|medi(um)?\b|-medi|extrabold|ultrabold|[-,]bd\b/i;
const ITALIC_NAME = /italic|oblique|ital\b|-it\b|[-,]ital|slanted/i;

interface PdfFontObject {
  name?: string;
  bold?: boolean;
  italic?: boolean;
  black?: boolean;
}

/** The font objects pdf.js loaded while building the operator list, keyed by `fontName`. */
function fontInfoFor(page: PDFPageProxy, loadedName: string, style: TextStyle | undefined): FontInfo {
  let raw: PdfFontObject | null = null;
  try {
    // `commonObjs` holds pdf.js's FontFaceObject once the operator list has been fetched.
    raw = page.commonObjs.has(loadedName) ? (page.commonObjs.get(loadedName) as PdfFontObject) : null;
  } catch {
    raw = null;
  }
  const name = (raw?.name ?? style?.fontFamily ?? '').replace(/^[A-Z]{6}\+/, '');
  return {
    name,
    bold: Boolean(raw?.bold || raw?.black) || BOLD_NAME.test(name),
    italic: Boolean(raw?.italic) || ITALIC_NAME.test(name),
  };
}

function isTextItem(item: object): item is TextItem {
  return 'str' in item;
}

function namedFont(baseFont: string): FontInfo {
  const name = baseFont.replace(/^[A-Z]{6}\+/, '');
  return { name, bold: BOLD_NAME.test(name), italic: ITALIC_NAME.test(name) };
}

/**
 * The page's text as runs in top-left page coordinates. Call after `getOperatorList()` so the
 * fonts are loaded and their real names and styles are known. With `actualText`, marked-content
 * replacement texts replace the glyphs they stand for.
 */
export async function extractTextRuns(page: PDFPageProxy, viewport: PageViewport, actualText?: ActualTextSource): Promise<TextRun[]> {
  // Marked-content markers do not change pdf.js's text items (it splits them at every marker either way).
  const content = await page.getTextContent({ includeMarkedContent: true });
  const spans = actualText && hasPropertySpans(content) ? await actualText.spans(page).catch(() => null) : null;
  const fonts = new Map<string, FontInfo>();
  const runs: TextRun[] = [];
  for (const { item, baseFont } of applyActualText(content, spans)) {
    if (!isTextItem(item) || item.str.length === 0) continue;
    const style = content.styles[item.fontName];
    let font = baseFont ? namedFont(baseFont) : fonts.get(item.fontName);
    if (!font) {
      font = fontInfoFor(page, item.fontName, style);
      fonts.set(item.fontName, font);
    }
    const run = toRun(item, style, font, viewport);
    if (run) runs.push(run);
  }
  return runs;
}

function toRun(item: TextItem, style: TextStyle | undefined, font: FontInfo, viewport: PageViewport): TextRun | null {
  const [a, b, c, d, e, f] = item.transform as number[];
  if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined || f === undefined) return null;
  // Rotated and vertical text is kept in the text but not laid out as lines.
  const size = Math.hypot(c, d) || Math.abs(item.height) || 1;
  const ascent = style?.ascent && style.ascent > 0 ? style.ascent : 0.8;
  const [x0, y0] = viewport.convertToViewportPoint(e, f) as [number, number];
  const [x1] = viewport.convertToViewportPoint(e + item.width * Math.sign(a || 1), f) as [number, number];
  // eslint-disable-next-line no-control-regex -- pdf.js passes control characters through; they are dropped on purpose
  const cleaned = item.str.replace(/\u00a0/g, ' ').replace(/[\u0000-\u0008\u000b-\u001f]/g, '');
  // Arabic presentation forms (the shaped glyphs older producers map to) are the letters they stand for; pdf.js leaves most as they are.
  const text = cleaned.replace(ARABIC_PRESENTATION_FORMS, (forms) => forms.normalize('NFKC'));
  if (text.length === 0) return null;
  const rotated = Math.abs(b) > Math.abs(a) * 0.1;
  const scale = viewport.scale || 1;
  return {
    text,
    x: Math.min(x0, x1),
    y: y0 - ascent * size * scale,
    w: rotated ? 0 : Math.abs(x1 - x0),
    h: size * scale,
    baseline: y0,
    size,
    font,
    ...(item.dir === 'rtl' ? { rtl: true } : {}),
  };
}
