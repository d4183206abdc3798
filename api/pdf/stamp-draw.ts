import { createWriteStream } from 'node:fs';
import PDFDocument from 'pdfkit';
import { PdfToolError } from './pdf-tool-error.js';
import type { ToolLimits } from './run-tool.js';
import { faceFor, preferredFaces, type FaceSource } from './stamp-fonts.js';
import type { Size } from './stamp-geometry.js';
import { layoutRuns, uncovered, type CoverageFont } from './stamp-text.js';

/**
 * The stamps as a PDF of their own (pdfkit, fonts subset to the glyphs used), one page per page
 * to stamp, which qpdf then lays over the document's pages. Only this small file is built in
 * memory; the document itself is never parsed here.
 */

/**
 * pdfkit keeps the current font's metrics and its fontkit face off its typed surface; the stamp
 * needs both, to know which face draws a character and where the line's baseline sits.
 */
interface CurrentFont {
  _font: { ascender: number; descender: number; font?: { hasGlyphForCodePoint?: (codePoint: number) => boolean } };
}

/** Any feature list makes pdfkit lay out the whole line at once (it otherwise shapes word by word, which puts Arabic words in the wrong order). */
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

/** A line measured at a size: runs with their widths, ready to draw centred on a point. */
export interface MeasuredLine {
  runs: { text: string; font: string; width: number }[];
  size: number;
  width: number;
  ascent: number;
  descent: number;
}

export class StampSheet {
  readonly doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Producer: 'DocuFlow', Creator: 'DocuFlow' } });
  private readonly fonts: CoverageFont<string>[] = [];
  private readonly written: Promise<void>;

  /** Streams to `path` as pages are drawn, so a sheet of thousands of pages is never held whole. */
  constructor(path: string) {
    this.written = new Promise((resolve, reject) => {
      const out = createWriteStream(path);
      out.on('finish', resolve);
      out.on('error', reject);
      this.doc.on('error', reject);
      this.doc.pipe(out);
    });
  }

  private addFace(face: FaceSource): void {
    const key = `${face.path}#${face.postscriptName ?? ''}`;
    if (this.fonts.some((f) => f.key === key)) return;
    let loaded: ((codePoint: number) => boolean) | undefined;
    // Faces open on first use: a Latin-only text never reads the 20 MB CJK collection.
    const covers = (codePoint: number): boolean => {
      if (!loaded) {
        this.doc.registerFont(key, face.path, face.postscriptName);
        this.doc.font(key);
        const font = (this.doc as unknown as CurrentFont)._font.font;
        // Without fontkit's answer (a change inside pdfkit), every face claims every character: nothing is refused, at worst a box is drawn.
        loaded = font?.hasGlyphForCodePoint ? (cp) => font.hasGlyphForCodePoint!(cp) : () => true;
      }
      return loaded(codePoint);
    };
    this.fonts.push({ key, covers });
  }

  /** Makes sure every character of `texts` has a face: the preferred ones, then fontconfig's. */
  async prepareFonts(texts: readonly string[], limits: () => ToolLimits): Promise<void> {
    const all = texts.join('\n');
    for (const face of preferredFaces(all)) this.addFace(face);
    for (let missing = uncovered(all, this.fonts); missing.length > 0; missing = uncovered(all, this.fonts)) {
      const face = await faceFor(missing[0]!, limits());
      if (!face) throw new PdfToolError('failed', `no installed font has U+${missing[0]!.toString(16).toUpperCase().padStart(4, '0')}`);
      this.addFace(face);
    }
  }

  measure(text: string, size: number): MeasuredLine {
    const runs = layoutRuns(text, this.fonts);
    if ('missing' in runs) throw new PdfToolError('failed', `no font for U+${runs.missing.toString(16)}`);
    let ascent = 0;
    let descent = 0;
    const measured = runs.map((run) => {
      this.doc.font(run.font).fontSize(size);
      const metrics = (this.doc as unknown as CurrentFont)._font;
      ascent = Math.max(ascent, (metrics.ascender / 1000) * size);
      descent = Math.max(descent, (-metrics.descender / 1000) * size);
      return { text: run.text, font: run.font, width: this.doc.widthOfString(run.text, { features: FEATURES }) };
    });
    return { runs: measured, size, width: measured.reduce((sum, r) => sum + r.width, 0), ascent, descent };
  }

  /** Draws `line` centred on (0, 0) of the current transformation. */
  drawLine(line: MeasuredLine): void {
    let x = -line.width / 2;
    const baseline = (line.ascent - line.descent) / 2;
    for (const run of line.runs) {
      this.doc.font(run.font).fontSize(line.size).text(run.text, x, baseline, { lineBreak: false, features: FEATURES, baseline: 'alphabetic' });
      x += run.width;
    }
  }

  addPage(size: Size): void {
    this.doc.addPage({ size: [size.width, size.height], margin: 0 });
  }

  /** Ends the sheet; resolves once it is on disk. */
  finish(): Promise<void> {
    this.doc.end();
    return this.written;
  }
}
