import type { PdfObjectStore } from './pdf-object-store';
import { PdfName, type PdfDict, type PdfValue } from './pdf-syntax';

/** What is needed to advance the text position over a string shown in a font. */
export interface FontMetrics {
  /** The PDF's font name, subset prefix included. */
  baseFont: string;
  /** Bytes per character code: 1 for simple fonts, 2 for Identity-encoded composite fonts, 0 when unknown. */
  codeBytes: 0 | 1 | 2;
  /** Glyph-space units to text-space units (1/1000, or a Type 3 font's FontMatrix). */
  scale: number;
  /** Advance width of a code in glyph-space units, or undefined when the font does not say. */
  width(code: number): number | undefined;
}

function numbers(v: PdfValue | undefined, store: PdfObjectStore): number[] {
  const a = store.get(v);
  return Array.isArray(a) ? a.map((x) => store.get(x)).map((x) => (typeof x === 'number' ? x : 0)) : [];
}

/** Reads the metrics of a font dictionary (ISO 32000-1 §9.6-9.7). */
export function fontMetrics(font: PdfDict, store: PdfObjectStore): FontMetrics {
  const name = (v: PdfValue | undefined) => {
    const n = store.get(v);
    return n instanceof PdfName ? n.name : '';
  };
  const baseFont = name(font.get('BaseFont'));
  if (name(font.get('Subtype')) === 'Type0') {
    const encoding = name(font.get('Encoding'));
    const descendants = store.get(font.get('DescendantFonts'));
    const cid = store.dict(Array.isArray(descendants) ? descendants[0] : undefined);
    const dw = Number(store.get(cid?.get('DW')) ?? 1000);
    const widths = new Map<number, number>();
    const w = store.get(cid?.get('W'));
    if (Array.isArray(w)) {
      for (let i = 0; i < w.length; ) {
        const first = store.get(w[i]);
        const next = store.get(w[i + 1]);
        if (typeof first !== 'number') break;
        if (Array.isArray(next)) {
          numbers(next, store).forEach((v, k) => widths.set(first + k, v));
          i += 2;
        } else {
          const last = Number(next);
          const v = Number(store.get(w[i + 2]));
          for (let c = first; c <= last && c - first < 65536; c++) widths.set(c, v);
          i += 3;
        }
      }
    }
    return {
      baseFont,
      // Identity CMaps map each two-byte code to the CID of the same value.
      codeBytes: encoding === 'Identity-H' || encoding === 'Identity-V' ? 2 : 0,
      scale: 0.001,
      width: (code) => widths.get(code) ?? dw,
    };
  }
  const firstChar = Number(store.get(font.get('FirstChar')) ?? 0);
  const widths = numbers(font.get('Widths'), store);
  const missing = store.get(store.dict(font.get('FontDescriptor'))?.get('MissingWidth'));
  const matrix = numbers(font.get('FontMatrix'), store);
  return {
    baseFont,
    codeBytes: 1,
    scale: name(font.get('Subtype')) === 'Type3' && matrix.length === 6 ? matrix[0]! : 0.001,
    width: (code) => widths[code - firstChar] ?? (typeof missing === 'number' ? missing : widths.length ? 0 : undefined),
  };
}
