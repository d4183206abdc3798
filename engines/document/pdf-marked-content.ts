import { fontMetrics, type FontMetrics } from './pdf-font-metrics';
import type { PdfObjectStore } from './pdf-object-store';
import { PdfLexer, PdfName, PdfOp, PdfRef, decodeTextString, isDict, type PdfDict, type PdfValue } from './pdf-syntax';

type Matrix = [number, number, number, number, number, number];

/** One marked-content sequence (BMC or BDC), in the order a content-stream reader meets them. */
export interface MarkedSpan {
  tag: string;
  /** The sequence's replacement text (ISO 32000-1 §14.9.4), when it has one. */
  actualText: string | null;
  /** For a replacement text: where its first glyph is drawn, as a pdf.js text item's transform (user space). */
  transform?: Matrix;
  /** For a replacement text: the advance from its first glyph to the end of its last, in user space. */
  width?: number;
  /** For a replacement text: the font of its first glyph. */
  font?: string;
}

/**
 * A replacement text made only of control characters or white space holds nothing to read
 * (InDesign writes U+0084 or a tab over the space that stands in for a list's bullet).
 */
export const READABLE = /[^\s\p{Cc}]/u;

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const MAX_FORM_DEPTH = 12;
/** Operators read per page at most: forms painting forms must not make a damaged file run for ever. */
const MAX_OPERATORS = 2_000_000;

function mul(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]];
}

function toMatrix(v: PdfValue[]): Matrix | null {
  return v.length >= 6 && v.slice(0, 6).every((x) => typeof x === 'number') ? (v.slice(0, 6) as Matrix) : null;
}

interface State {
  ctm: Matrix;
  font: FontMetrics | null;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

/**
 * Walks a page's content stream (and the forms it paints) the way pdf.js's text extraction
 * does, listing its marked-content sequences and, for those with a replacement text, where
 * their glyphs are drawn: pdf.js drops a sequence's replacement text and, when the sequence
 * shows only a space, every trace of it.
 */
export class MarkedContentReader {
  readonly spans: MarkedSpan[] = [];
  private readonly open: (MarkedSpan | null)[] = [];
  private readonly fonts = new Map<PdfDict, FontMetrics>();
  private state: State = { ctm: IDENTITY, font: null, size: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0, rise: 0 };
  private readonly saved: State[] = [];
  private tm: Matrix | null = IDENTITY;
  private tlm: Matrix = IDENTITY;
  private operators = 0;

  constructor(private readonly store: PdfObjectStore) {}

  async read(data: Uint8Array, resources: PdfDict | undefined, depth = 0): Promise<void> {
    const lexer = new PdfLexer(data);
    const operands: PdfValue[] = [];
    for (;;) {
      const token = lexer.next();
      if (token === undefined) {
        if (lexer.pos >= data.length) return;
        continue;
      }
      if (!(token instanceof PdfOp)) {
        operands.push(token);
        continue;
      }
      if (++this.operators > MAX_OPERATORS) throw new Error('Too many content-stream operators.');
      if (token.op === 'ID') this.skipInlineImage(lexer);
      else await this.operator(token.op, operands, resources, depth);
      operands.length = 0;
    }
  }

  private skipInlineImage(lexer: PdfLexer): void {
    const b = lexer.bytes;
    let i = lexer.pos + 1;
    while (i + 2 < b.length && !(b[i] === 69 && b[i + 1] === 73 && /\s/.test(String.fromCharCode(b[i - 1]!)) && (i + 2 === b.length || /\s/.test(String.fromCharCode(b[i + 2]!))))) i++;
    lexer.pos = i + 2;
  }

  private async operator(op: string, args: PdfValue[], resources: PdfDict | undefined, depth: number): Promise<void> {
    const num = (i: number) => {
      const v = args[i];
      return typeof v === 'number' ? v : 0;
    };
    const s = this.state;
    switch (op) {
      case 'q':
        this.saved.push({ ...s });
        return;
      case 'Q':
        this.state = this.saved.pop() ?? s;
        return;
      case 'cm': {
        const m = toMatrix(args);
        if (m) s.ctm = mul(m, s.ctm);
        return;
      }
      case 'BT':
        this.tm = IDENTITY;
        this.tlm = IDENTITY;
        return;
      case 'Tf': {
        const fonts = this.store.dict(resources?.get('Font'));
        const font = args[0] instanceof PdfName ? this.store.dict(fonts?.get(args[0].name)) : undefined;
        s.font = font ? this.metrics(font) : null;
        s.size = num(1);
        return;
      }
      case 'Tc':
        s.charSpacing = num(0);
        return;
      case 'Tw':
        s.wordSpacing = num(0);
        return;
      case 'Tz':
        s.hScale = num(0) / 100;
        return;
      case 'TL':
        s.leading = num(0);
        return;
      case 'Ts':
        s.rise = num(0);
        return;
      case 'Td':
      case 'TD':
        if (op === 'TD') s.leading = -num(1);
        this.newLine(num(0), num(1));
        return;
      case 'Tm': {
        const m = toMatrix(args);
        if (m) this.tm = this.tlm = m;
        return;
      }
      case 'T*':
        this.newLine(0, -s.leading);
        return;
      case 'Tj':
      case 'TJ':
        this.show(args[0]);
        return;
      case "'":
        this.newLine(0, -s.leading);
        this.show(args[0]);
        return;
      case '"':
        s.wordSpacing = num(0);
        s.charSpacing = num(1);
        this.newLine(0, -s.leading);
        this.show(args[2]);
        return;
      case 'BMC':
      case 'BDC':
        this.begin(args, resources);
        return;
      case 'EMC':
        this.open.pop();
        return;
      case 'Do':
        if (args[0] instanceof PdfName) await this.form(args[0].name, resources, depth);
        return;
    }
  }

  private newLine(tx: number, ty: number): void {
    this.tlm = mul([1, 0, 0, 1, tx, ty], this.tlm);
    this.tm = this.tlm;
  }

  private metrics(font: PdfDict): FontMetrics {
    let m = this.fonts.get(font);
    if (!m) {
      m = fontMetrics(font, this.store);
      this.fonts.set(font, m);
    }
    return m;
  }

  private begin(args: PdfValue[], resources: PdfDict | undefined): void {
    const tag = args[0] instanceof PdfName ? args[0].name : '';
    let props = args[1];
    if (props instanceof PdfName) props = this.store.dict(this.store.dict(resources?.get('Properties'))?.get(props.name));
    const raw = isDict(props) ? this.store.get(props.get('ActualText')) : undefined;
    const span: MarkedSpan = { tag, actualText: raw instanceof Uint8Array ? decodeTextString(raw) : null };
    this.spans.push(span);
    this.open.push(span.actualText !== null && READABLE.test(span.actualText) ? span : null);
  }

  /** The outermost open sequence with a readable replacement text: it replaces everything inside it. */
  private replacing(): MarkedSpan | undefined {
    return this.open.find((span): span is MarkedSpan => span !== null);
  }

  private show(arg: PdfValue | undefined): void {
    const s = this.state;
    const span = this.replacing();
    if (span && !span.transform && this.tm) {
      const trm = mul([s.size * s.hScale, 0, 0, s.size, 0, s.rise], mul(this.tm, s.ctm));
      span.transform = trm;
      span.font = s.font?.baseFont;
    }
    const parts = Array.isArray(arg) ? arg : [arg];
    for (const part of parts) {
      if (!this.tm) return;
      if (typeof part === 'number') {
        this.advance((-part / 1000) * s.size * s.hScale);
      } else if (part instanceof Uint8Array) {
        const font = s.font;
        if (!font || font.codeBytes === 0) {
          this.tm = null;
          return;
        }
        for (let i = 0; i + font.codeBytes <= part.length; i += font.codeBytes) {
          const code = font.codeBytes === 2 ? (part[i]! << 8) | part[i + 1]! : part[i]!;
          const w = font.width(code);
          if (w === undefined) {
            this.tm = null;
            return;
          }
          const spacing = s.charSpacing + (font.codeBytes === 1 && code === 32 ? s.wordSpacing : 0);
          this.advance((w * font.scale * s.size + spacing) * s.hScale);
        }
      }
    }
    if (span?.transform && this.tm) {
      const [x0, y0] = [span.transform[4], span.transform[5]];
      const end = mul([1, 0, 0, 1, 0, s.rise], mul(this.tm, s.ctm));
      span.width = Math.hypot(end[4] - x0, end[5] - y0);
    }
  }

  private advance(tx: number): void {
    if (this.tm) this.tm = mul([1, 0, 0, 1, tx, 0], this.tm);
  }

  private async form(name: string, resources: PdfDict | undefined, depth: number): Promise<void> {
    if (depth >= MAX_FORM_DEPTH) return;
    const ref = this.store.dict(resources?.get('XObject'))?.get(name);
    if (!(ref instanceof PdfRef)) return;
    const stream = await this.store.stream(ref);
    const subtype = stream?.dict.get('Subtype');
    if (!stream || !(subtype instanceof PdfName) || subtype.name !== 'Form') return;
    const saved = { ...this.state };
    const matrix = this.store.get(stream.dict.get('Matrix'));
    const m = Array.isArray(matrix) ? toMatrix(matrix.map((v) => this.store.get(v) ?? 0)) : null;
    if (m) this.state.ctm = mul(m, this.state.ctm);
    await this.read(stream.data, this.store.dict(stream.dict.get('Resources')) ?? resources, depth + 1);
    this.state = saved;
  }
}
