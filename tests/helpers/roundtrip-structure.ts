import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';

/**
 * The structure of a Word file that the round-trip benchmark compares: the main story's
 * paragraphs in reading order (body, table cells, text boxes), which of them are headings and
 * list items, the tables' cell texts, and the footnotes' and endnotes' texts. Headers and footers
 * are left out on both sides: a PDF repeats them on every page, and they are not the document's
 * body. Read straight from the XML, independent of the engine under test.
 */
export interface DocStructure {
  /** Non-empty paragraphs of the main story in order, each with its text. */
  paragraphs: string[];
  headings: string[];
  listItems: string[];
  /** Non-empty table cells, a cell's paragraphs joined by a space; nested tables' cells too. */
  tableCells: string[];
  /** Footnotes and endnotes (not the separator notes), a note's paragraphs joined by a space. */
  footnotes: string[];
}

/** fast-xml-parser's `preserveOrder` shape: one key for the tag, `:@` for attributes, `#text` for text. */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', trimValues: false, parseTagValue: false, htmlEntities: true });

function tagOf(node: XmlNode): string {
  return Object.keys(node).find((k) => k !== ':@') ?? '';
}

/** A text node's characters (parseTagValue is off, so always a string). */
function textOf(node: XmlNode): string {
  const text = node['#text'];
  return typeof text === 'string' ? text : '';
}

function childrenOf(node: XmlNode): XmlNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

function attr(node: XmlNode, name: string): string | undefined {
  const attrs = node[':@'] as Record<string, string> | undefined;
  return attrs?.[name];
}

function child(node: XmlNode, tag: string): XmlNode | undefined {
  return childrenOf(node).find((c) => tagOf(c) === tag);
}

function findAll(nodes: XmlNode[], tag: string): XmlNode[] {
  return nodes.flatMap((n) => (tagOf(n) === tag ? [n] : findAll(childrenOf(n), tag)));
}

/** An on/off property such as `<w:vanish/>` or `<w:vanish w:val="0"/>`. */
function isOn(node: XmlNode | undefined): boolean {
  if (!node) return false;
  const val = attr(node, 'w:val');
  return val === undefined || !['0', 'false', 'off'].includes(val);
}

interface StyleInfo {
  heading: boolean;
  list: boolean;
}

/** Heading and list-ness of each paragraph style, following `w:basedOn`. */
function readStyles(xml: string | undefined): Map<string, StyleInfo> {
  const raw = new Map<string, { name: string; basedOn?: string; outline?: number; list: boolean }>();
  for (const style of findAll(xml ? (parser.parse(xml) as XmlNode[]) : [], 'w:style')) {
    if (attr(style, 'w:type') !== 'paragraph') continue;
    const id = attr(style, 'w:styleId') ?? '';
    const ppr = child(style, 'w:pPr');
    const outline = ppr && child(ppr, 'w:outlineLvl');
    const numId = ppr && child(ppr, 'w:numPr') && attr(child(child(ppr, 'w:numPr')!, 'w:numId') ?? {}, 'w:val');
    raw.set(id, {
      name: attr(child(style, 'w:name') ?? {}, 'w:val') ?? id,
      basedOn: attr(child(style, 'w:basedOn') ?? {}, 'w:val'),
      outline: outline ? Number(attr(outline, 'w:val')) : undefined,
      list: numId !== undefined && numId !== '0',
    });
  }
  const resolved = new Map<string, StyleInfo>();
  for (const id of raw.keys()) {
    let heading = false;
    let list = false;
    let current: string | undefined = id;
    for (let depth = 0; current && depth < 10; depth++) {
      const s = raw.get(current);
      if (!s) break;
      if (/^(heading [1-9]|title)$/i.test(s.name) || (s.outline !== undefined && s.outline < 9)) heading = true;
      if (s.list) list = true;
      current = s.basedOn;
    }
    resolved.set(id, { heading, list });
  }
  return resolved;
}

interface Collected {
  paragraphs: string[];
  headings: string[];
  listItems: string[];
  tableCells: string[];
}

class StoryReader {
  readonly out: Collected = { paragraphs: [], headings: [], listItems: [], tableCells: [] };

  constructor(private readonly styles: Map<string, StyleInfo>) {}

  /** Block-level content: paragraphs, tables, content controls; returns the paragraphs' texts. */
  blocks(nodes: XmlNode[]): string[] {
    const texts: string[] = [];
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === 'w:p') texts.push(...this.paragraph(node));
      else if (tag === 'w:tbl') texts.push(...this.table(node));
      else if (tag === 'mc:Fallback' || tag === 'w:sectPr' || tag === 'w:del') continue;
      else texts.push(...this.blocks(childrenOf(node)));
    }
    return texts;
  }

  private table(tbl: XmlNode): string[] {
    const texts: string[] = [];
    for (const tr of childrenOf(tbl).filter((n) => tagOf(n) === 'w:tr')) {
      for (const tc of childrenOf(tr).filter((n) => tagOf(n) === 'w:tc')) {
        const cell = this.blocks(childrenOf(tc));
        texts.push(...cell);
        const text = cell.join(' ').trim();
        if (text) this.out.tableCells.push(text);
      }
    }
    return texts;
  }

  /** A paragraph's own text, then the paragraphs of any text box anchored in it. */
  private paragraph(p: XmlNode): string[] {
    const boxes: XmlNode[][] = [];
    const text = this.inline(childrenOf(p), boxes).replace(/\s+/g, ' ').trim();
    const texts: string[] = [];
    if (text) {
      const ppr = child(p, 'w:pPr');
      const styleId = ppr && attr(child(ppr, 'w:pStyle') ?? {}, 'w:val');
      const style = styleId ? this.styles.get(styleId) : undefined;
      const outline = ppr && child(ppr, 'w:outlineLvl');
      const numPr = ppr && child(ppr, 'w:numPr');
      const numId = numPr && attr(child(numPr, 'w:numId') ?? {}, 'w:val');
      const heading = Boolean(style?.heading) || (outline !== undefined && Number(attr(outline, 'w:val')) < 9);
      const list = !heading && (numId !== undefined ? numId !== '0' : Boolean(style?.list));
      this.out.paragraphs.push(text);
      if (heading) this.out.headings.push(text);
      if (list) this.out.listItems.push(text);
      texts.push(text);
    }
    for (const box of boxes) texts.push(...this.blocks(box));
    return texts;
  }

  /** Inline content's visible text; text boxes are set aside for the caller. */
  private inline(nodes: XmlNode[], boxes: XmlNode[][]): string {
    let text = '';
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === '#text') continue;
      if (tag === 'w:t') text += childrenOf(node).map(textOf).join('');
      else if (tag === 'w:tab' || tag === 'w:br' || tag === 'w:cr') text += ' ';
      else if (tag === 'w:noBreakHyphen') text += '-';
      else if (tag === 'w:txbxContent') boxes.push(childrenOf(node));
      else if (tag === 'w:r' && isOn(child(child(node, 'w:rPr') ?? {}, 'w:vanish'))) continue;
      else if (tag === 'mc:Fallback' || tag === 'w:del' || tag === 'w:pPr' || tag === 'w:rPr' || tag === 'w:instrText') continue;
      else text += this.inline(childrenOf(node), boxes);
    }
    return text;
  }
}

function notes(xml: string | undefined, tag: string): string[] {
  if (!xml) return [];
  return findAll(parser.parse(xml) as XmlNode[], tag)
    .filter((note) => (attr(note, 'w:type') ?? 'normal') === 'normal')
    .map((note) => new StoryReader(new Map()).blocks(childrenOf(note)).join(' ').trim())
    .filter((text) => text.length > 0);
}

export async function readDocxStructure(bytes: Uint8Array): Promise<DocStructure> {
  const zip = await JSZip.loadAsync(bytes);
  const read = (name: string) => zip.file(name)?.async('string');
  const documentXml = await read('word/document.xml');
  if (documentXml === undefined) throw new Error('no word/document.xml: not a .docx');
  const reader = new StoryReader(readStyles(await read('word/styles.xml')));
  reader.blocks(findAll(parser.parse(documentXml) as XmlNode[], 'w:body').flatMap(childrenOf));
  return { ...reader.out, footnotes: [...notes(await read('word/footnotes.xml'), 'w:footnote'), ...notes(await read('word/endnotes.xml'), 'w:endnote')] };
}
