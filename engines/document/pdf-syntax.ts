/**
 * A small reader of PDF syntax (ISO 32000-1 §7.2-7.3): objects in the file and the operands and
 * operators of content streams. pdf.js parses the same bytes but does not hand out what the
 * text layer needs from them (marked-content property lists); this reads only that much.
 */

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

/** A content-stream operator (`Tj`, `BDC`, …). */
export class PdfOp {
  constructor(readonly op: string) {}
}

export type PdfDict = Map<string, PdfValue>;
/** Strings stay bytes: their encoding depends on where they are used. */
export type PdfValue = number | boolean | null | Uint8Array | PdfName | PdfRef | PdfValue[] | PdfDict;

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set([40, 41, 60, 62, 91, 93, 123, 125, 47, 37]);

export function isWhite(b: number | undefined): boolean {
  return b !== undefined && WHITE.has(b);
}

function isRegular(b: number | undefined): boolean {
  return b !== undefined && !WHITE.has(b) && !DELIM.has(b);
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

export function isDict(v: PdfValue | PdfOp | undefined): v is PdfDict {
  return v instanceof Map;
}

/** Reads one value at a time from `bytes`; `pos` is where the next token starts. */
export class PdfLexer {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  skipSpace(): void {
    const b = this.bytes;
    while (this.pos < this.end) {
      const c = b[this.pos]!;
      if (WHITE.has(c)) this.pos++;
      else if (c === 37) while (this.pos < this.end && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
      else break;
    }
  }

  /** The next value or operator; `undefined` at the end, and for a stray `>>`, `]` or `)`. */
  next(): PdfValue | PdfOp | undefined {
    this.skipSpace();
    if (this.pos >= this.end) return undefined;
    const b = this.bytes;
    const c = b[this.pos]!;
    if (c === 47) return this.name();
    if (c === 40) return this.literal();
    if (c === 60) {
      if (b[this.pos + 1] === 60) {
        this.pos += 2;
        return this.dict();
      }
      return this.hex();
    }
    if (c === 91) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.pos >= this.end) return items;
        if (b[this.pos] === 93) {
          this.pos++;
          return items;
        }
        const v = this.next();
        if (v === undefined) return items;
        if (!(v instanceof PdfOp)) items.push(v);
      }
    }
    if (!isRegular(c)) {
      this.pos++;
      return undefined;
    }
    const start = this.pos;
    while (this.pos < this.end && isRegular(b[this.pos])) this.pos++;
    const word = latin1(b, start, this.pos);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return this.refOrNumber(Number(word));
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    return new PdfOp(word);
  }

  /** `12 0 R` is a reference; anything else leaves the lexer just after the number. */
  private refOrNumber(n: number): number | PdfRef {
    if (!Number.isInteger(n) || n < 0) return n;
    const save = this.pos;
    const m = /^\s+(\d+)\s+R(?![^\s/<>[\]()%])/.exec(latin1(this.bytes, this.pos, Math.min(this.end, this.pos + 24)));
    if (m) {
      this.pos += m[0].length;
      return new PdfRef(n, Number(m[1]));
    }
    this.pos = save;
    return n;
  }

  private name(): PdfName {
    const b = this.bytes;
    this.pos++;
    const start = this.pos;
    while (this.pos < this.end && isRegular(b[this.pos])) this.pos++;
    const raw = latin1(b, start, this.pos);
    return new PdfName(raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  }

  private dict(): PdfDict {
    const out: PdfDict = new Map();
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.end) return out;
      if (this.bytes[this.pos] === 62 && this.bytes[this.pos + 1] === 62) {
        this.pos += 2;
        return out;
      }
      const key = this.next();
      if (!(key instanceof PdfName)) {
        if (key === undefined) return out;
        continue;
      }
      const value = this.next();
      if (value !== undefined && !(value instanceof PdfOp)) out.set(key.name, value);
    }
  }

  private hex(): Uint8Array {
    const b = this.bytes;
    this.pos++;
    const digits: number[] = [];
    while (this.pos < this.end && b[this.pos] !== 62) {
      const v = parseInt(String.fromCharCode(b[this.pos]!), 16);
      if (!Number.isNaN(v)) digits.push(v);
      this.pos++;
    }
    this.pos++;
    if (digits.length % 2) digits.push(0);
    const out = new Uint8Array(digits.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = digits[2 * i]! * 16 + digits[2 * i + 1]!;
    return out;
  }

  private literal(): Uint8Array {
    const b = this.bytes;
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    const ESC: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
    while (this.pos < this.end) {
      const c = b[this.pos++]!;
      if (c === 92) {
        const e = b[this.pos++];
        if (e === undefined) break;
        if (e >= 48 && e <= 55) {
          let v = e - 48;
          for (let k = 0; k < 2 && b[this.pos]! >= 48 && b[this.pos]! <= 55; k++) v = v * 8 + b[this.pos++]! - 48;
          out.push(v & 255);
        } else if (e === 13) {
          if (b[this.pos] === 10) this.pos++;
        } else if (e !== 10) out.push(ESC[e] ?? e);
        continue;
      }
      if (c === 40) depth++;
      if (c === 41 && --depth === 0) break;
      out.push(c);
    }
    return Uint8Array.from(out);
  }
}

/** A PDF text string (§7.9.2.2): UTF-16BE or UTF-8 with a byte-order mark, else PDFDocEncoding. */
export function decodeTextString(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let s = '';
    for (let i = 2; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
    return s;
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder().decode(bytes.subarray(3));
  // PDFDocEncoding agrees with Latin-1 on every printable character a replacement text uses.
  return latin1(bytes, 0, bytes.length);
}
