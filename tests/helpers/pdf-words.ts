import { wordTokens } from './word-similarity';

/** Each page's word tokens as pdf.js reads the PDF's own text layer (independent of the layout code). */
export async function pdfPageWords(bytes: Uint8Array): Promise<string[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      // Items end where the producer ended a string; joining with spaces keeps words apart.
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      pages.push(wordTokens(text));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/**
 * The words of `expected` missing from `got`, counting repeats (a word twice needs two copies).
 * A superscript or subscript set against its word ("a2", "3We") is one token on the slide and
 * two in the PDF's text layer; a word found inside such an unmatched longer token is present.
 */
export function missingWords(expected: string[], got: string[]): string[] {
  const counts = new Map<string, number>();
  for (const w of got) counts.set(w, (counts.get(w) ?? 0) + 1);
  const unmatched: string[] = [];
  for (const w of expected) {
    const n = counts.get(w) ?? 0;
    if (n > 0) counts.set(w, n - 1);
    else unmatched.push(w);
  }
  const leftover = [...counts.entries()].filter(([, n]) => n > 0).map(([t]) => t);
  return unmatched.filter((w) => !leftover.some((t) => t.length > w.length && t.includes(w)));
}

/** Every shape with text on a slide, as its offset and size in EMU. */
export function textBoxes(slideXml: string): { x: number; y: number; cx: number; cy: number }[] {
  return (slideXml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? [])
    .filter((sp) => sp.includes('<p:txBody>') && /<a:t>[^<]*\S/.test(sp))
    .map((sp) => {
      const off = /<a:off x="(-?\d+)" y="(-?\d+)"\/>/.exec(sp);
      const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(sp);
      return { x: Number(off?.[1] ?? NaN), y: Number(off?.[2] ?? NaN), cx: Number(ext?.[1] ?? NaN), cy: Number(ext?.[2] ?? NaN) };
    });
}
