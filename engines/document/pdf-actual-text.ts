import type { PDFPageProxy } from 'pdfjs-dist';
import type { TextContent, TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import { MarkedContentReader, READABLE, type MarkedSpan } from './pdf-marked-content';
import { PdfObjectStore } from './pdf-object-store';
import { PdfRef, isDict, type PdfDict } from './pdf-syntax';

/** A text item to lay out; `baseFont` names the font when pdf.js did not load it (a replacement text). */
export interface TextPiece {
  item: TextItem;
  baseFont?: string;
}

/** Reads the marked-content replacement texts of a document's pages, opening the file's objects on first need. */
export class ActualTextSource {
  private store: Promise<PdfObjectStore | null> | null = null;

  constructor(private readonly bytes: Uint8Array) {}

  /** The page's marked-content sequences in reading order, or null when they cannot be read. */
  async spans(page: PDFPageProxy): Promise<MarkedSpan[] | null> {
    this.store ??= (async () => {
      const store = new PdfObjectStore(this.bytes);
      if (store.encrypted) return null;
      await store.indexObjectStreams();
      return store;
    })();
    const store = await this.store;
    if (!store) return null;
    const pageDict = page.ref ? store.dict(new PdfRef(page.ref.num, page.ref.gen)) : undefined;
    if (!pageDict) return null;
    const contents = store.get(pageDict.get('Contents'));
    const parts = [];
    for (const ref of Array.isArray(contents) ? contents : [pageDict.get('Contents')]) {
      const stream = await store.stream(ref);
      if (!stream) return null;
      parts.push(stream.data, Uint8Array.of(10));
    }
    const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (data.set(p, at), at + p.length), 0);
    const reader = new MarkedContentReader(store);
    await reader.read(data, inheritedResources(store, pageDict));
    return reader.spans;
  }
}

function inheritedResources(store: PdfObjectStore, page: PdfDict): PdfDict | undefined {
  let node: PdfDict | undefined = page;
  for (let depth = 0; node && depth < 32; depth++) {
    const resources = store.dict(node.get('Resources'));
    if (resources) return resources;
    const parent = store.get(node.get('Parent'));
    node = isDict(parent) ? parent : undefined;
  }
  return undefined;
}

/** pdf.js's marker items; its type omits the `tag` it sets on the begin markers. */
type Marker = TextMarkedContent & { tag?: string | null };

function isBegin(item: TextItem | TextMarkedContent): item is Marker {
  return 'type' in item && (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps');
}

/** Whether pdf.js met any marked-content sequence with properties, the only kind that can carry a replacement text. */
export function hasPropertySpans(content: TextContent): boolean {
  return content.items.some((item) => 'type' in item && item.type === 'beginMarkedContentProps');
}

/**
 * pdf.js's text items with every marked-content sequence that has a replacement text replaced
 * by that text (ISO 32000-1 §14.9.4), placed where its glyphs are drawn. `spans` must list the
 * same sequences pdf.js met (same count, same tags); otherwise the items are kept as they are.
 */
export function applyActualText(content: TextContent, spans: MarkedSpan[] | null): TextPiece[] {
  const items = content.items;
  const plain = () => items.filter((i): i is TextItem => 'str' in i).map((item) => ({ item }));
  const begins = items.filter(isBegin);
  if (!spans || begins.length !== spans.length || begins.some((b, i) => (b.tag ?? '') !== spans[i]!.tag)) return plain();
  const out: TextPiece[] = [];
  const stack: MarkedSpan[] = [];
  let replacing: { span: MarkedSpan; depth: number; inside: TextItem[] } | null = null;
  let k = 0;
  for (const item of items) {
    if ('str' in item) {
      if (replacing) replacing.inside.push(item);
      else out.push({ item });
    } else if (isBegin(item)) {
      const span = spans[k++]!;
      stack.push(span);
      if (!replacing && span.actualText !== null && READABLE.test(span.actualText)) replacing = { span, depth: stack.length, inside: [] };
    } else if ((item as Marker).type === 'endMarkedContent') {
      if (replacing && stack.length === replacing.depth) {
        out.push(...replacement(replacing.span, replacing.inside));
        replacing = null;
      }
      stack.pop();
    }
  }
  if (replacing) out.push(...replacement(replacing.span, replacing.inside));
  return out;
}

function replacement(span: MarkedSpan, inside: TextItem[]): TextPiece[] {
  const str = span.actualText ?? '';
  // White space pdf.js puts inside the sequence is its own spacing (a gap before the glyphs), not a glyph.
  const spacing = inside.filter((i) => i.str.length > 0 && i.str.trim().length === 0).map((item) => ({ item }));
  const drawn = inside.filter((i) => i.str.trim().length > 0);
  const first = drawn[0];
  if (first) {
    // pdf.js types the matrix as any[].
    const at = (i: TextItem) => i.transform as number[];
    const sameLine = drawn.every((i) => at(i)[1] === 0 && at(i)[5] === at(first)[5]);
    const width = sameLine ? Math.max(...drawn.map((i) => at(i)[4]! + i.width)) - at(first)[4]! : first.width;
    return [...spacing, { item: { ...first, str, width, hasEOL: drawn.some((i) => i.hasEOL) } }];
  }
  // pdf.js keeps no item for a sequence that shows only spaces: place the text where it was drawn.
  if (!span.transform) return spacing;
  const [a, b, c, d] = span.transform;
  const item: TextItem = { str, dir: 'ltr', transform: span.transform, width: span.width ?? 0, height: Math.hypot(c, d) || Math.hypot(a, b), fontName: '', hasEOL: false };
  return [...spacing, { item, ...(span.font ? { baseFont: span.font } : {}) }];
}
