import { PdfLexer, PdfName, PdfOp, PdfRef, isDict, isWhite, type PdfDict, type PdfValue } from './pdf-syntax';

/** A stream object: its dictionary and its (decoded) data. */
export interface PdfStream {
  dict: PdfDict;
  data: Uint8Array;
}

const OBJ = [111, 98, 106]; // "obj"
const STREAM = [115, 116, 114, 101, 97, 109]; // "stream"
const ENDSTREAM = [101, 110, 100, 115, 116, 114, 101, 97, 109]; // "endstream"

function indexOf(bytes: Uint8Array, pattern: number[], from: number, to = bytes.length): number {
  const first = pattern[0]!;
  for (let i = bytes.indexOf(first, from); i >= 0 && i + pattern.length <= to; i = bytes.indexOf(first, i + 1)) {
    let k = 1;
    while (k < pattern.length && bytes[i + k] === pattern[k]) k++;
    if (k === pattern.length) return i;
  }
  return -1;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Finds objects by their `N G obj` headers (the way a reader repairs a file, so a broken or
 * missing cross-reference table does not matter) and inside object streams. A later definition
 * wins, as with incremental updates. Encrypted files are not read (their strings and streams
 * would need the key).
 */
export class PdfObjectStore {
  private readonly offsets = new Map<number, number>();
  private readonly compressed = new Map<number, { stream: number; index: number }>();
  private readonly objStmCache = new Map<number, PdfValue[]>();
  /** Resolved objects by number, so each dictionary is parsed once and keeps its identity. */
  private readonly resolved = new Map<number, PdfValue | undefined>();
  readonly encrypted: boolean;

  constructor(readonly bytes: Uint8Array) {
    for (let i = indexOf(bytes, OBJ, 0); i >= 0; i = indexOf(bytes, OBJ, i + 3)) {
      const m = /(\d+)\s+(\d+)\s+$/.exec(String.fromCharCode(...bytes.subarray(Math.max(0, i - 24), i)));
      if (m && (i - m[0].length === 0 || !/\d/.test(String.fromCharCode(bytes[i - m[0].length - 1]!)))) {
        this.offsets.set(Number(m[1]), i + 3);
      }
    }
    this.encrypted = indexOf(bytes, [...'/Encrypt'].map((c) => c.charCodeAt(0)), 0) >= 0;
  }

  /** Indexes the objects held in object streams; call once before resolving. */
  async indexObjectStreams(): Promise<void> {
    for (const [num, offset] of this.offsets) {
      const lexer = new PdfLexer(this.bytes, offset);
      const dict = lexer.next();
      if (!isDict(dict) || (dict.get('Type') as PdfName | undefined)?.name !== 'ObjStm') continue;
      const stream = await this.streamAt(dict, lexer.pos);
      if (!stream) continue;
      const count = Number(dict.get('N')) || 0;
      const first = Number(dict.get('First')) || 0;
      const head = new PdfLexer(stream.data, 0, first);
      const values: PdfValue[] = [];
      for (let k = 0; k < count; k++) {
        const objNum = head.next();
        const at = head.next();
        if (typeof objNum !== 'number' || typeof at !== 'number') break;
        if (!this.offsets.has(objNum)) this.compressed.set(objNum, { stream: num, index: k });
        const v = new PdfLexer(stream.data, first + at).next();
        values.push(v instanceof PdfOp || v === undefined ? null : v);
      }
      this.objStmCache.set(num, values);
    }
  }

  /** The object a reference points to (the value itself when it is not a reference). */
  get(v: PdfValue | undefined): PdfValue | undefined {
    if (!(v instanceof PdfRef)) return v;
    if (!this.resolved.has(v.num)) this.resolved.set(v.num, this.load(v));
    return this.resolved.get(v.num);
  }

  private load(v: PdfRef): PdfValue | undefined {
    const offset = this.offsets.get(v.num);
    if (offset !== undefined) {
      const value = new PdfLexer(this.bytes, offset).next();
      return value instanceof PdfOp ? undefined : value;
    }
    const inStream = this.compressed.get(v.num);
    return inStream ? this.objStmCache.get(inStream.stream)?.[inStream.index] : undefined;
  }

  dict(v: PdfValue | undefined): PdfDict | undefined {
    const d = this.get(v);
    return isDict(d) ? d : undefined;
  }

  /** The decoded data of a stream object; `null` when it uses a filter this reader lacks. */
  async stream(ref: PdfValue | undefined): Promise<PdfStream | null> {
    if (!(ref instanceof PdfRef)) return null;
    const offset = this.offsets.get(ref.num);
    if (offset === undefined) return null;
    const lexer = new PdfLexer(this.bytes, offset);
    const dict = lexer.next();
    return isDict(dict) ? this.streamAt(dict, lexer.pos) : null;
  }

  private async streamAt(dict: PdfDict, afterDict: number): Promise<PdfStream | null> {
    const b = this.bytes;
    let start = indexOf(b, STREAM, afterDict, afterDict + 64);
    if (start < 0) return null;
    start += STREAM.length;
    if (b[start] === 13) start++;
    if (b[start] === 10) start++;
    const length = this.get(dict.get('Length'));
    let end = typeof length === 'number' ? start + length : -1;
    if (end < 0 || end > b.length || indexOf(b, ENDSTREAM, end, end + 32) < 0) {
      end = indexOf(b, ENDSTREAM, start);
      if (end < 0) return null;
      while (end > start && isWhite(b[end - 1])) end--;
    }
    let data = b.subarray(start, end);
    const filter = this.get(dict.get('Filter'));
    const filters = (Array.isArray(filter) ? filter : filter === undefined ? [] : [filter]).map((f) => (f instanceof PdfName ? f.name : ''));
    const params = this.get(dict.get('DecodeParms'));
    for (const f of filters) {
      // Predictors belong to image and cross-reference data, not to the streams read here.
      if ((f !== 'FlateDecode' && f !== 'Fl') || (isDict(params) && Number(params.get('Predictor') ?? 1) > 1)) return null;
      try {
        data = await inflate(data);
      } catch {
        return null;
      }
    }
    return { dict, data };
  }
}
