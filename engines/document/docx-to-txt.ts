import { EngineError, renameExt, type ConvertOp } from './types';
import { isOleCompound, oleContainerError } from './sheet-read';

/**
 * .docx → UTF-8 text: one line per paragraph in reading order, tabs and line breaks kept, a
 * table row per line with its cells tab-separated, list items prefixed with their bullet or
 * number, text boxes after the paragraph that anchors them. Deleted revisions and field codes
 * are left out. No DOM: the worker has no DOMParser, so a small XML tokenizer builds the tree.
 */
export const docxToTxt: ConvertOp = async (input, opts) => {
  const parts = await readParts(input.bytes);
  opts?.signal?.throwIfAborted();
  const body = find(parseXml(parts.document), 'w:document', 'w:body');
  if (!body) throw new EngineError('unreadable', 'word/document.xml has no body');
  const lists = new ListNumbering(parts.numbering, parts.styles);
  const lines = blockLines(body, lists);
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  if (lines.every((line) => line.trim() === '')) throw new EngineError('empty', 'The document holds no text');
  opts?.onProgress?.(1);
  return { name: renameExt(input.name, 'txt'), mime: 'text/plain;charset=utf-8', bytes: new TextEncoder().encode(`${lines.join('\n')}\n`) };
};

async function readParts(bytes: Uint8Array) {
  const { default: JSZip } = await import('jszip');
  let zip: Awaited<ReturnType<typeof JSZip.loadAsync>>;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw isOleCompound(bytes) ? oleContainerError(bytes) : new EngineError('unreadable', 'Not a .docx file');
  }
  // Word Online sometimes names the main part word/document2.xml; the package relationships say which.
  const rels = parseXml((await zip.file('_rels/.rels')?.async('string')) ?? '');
  const main = find(rels, 'Relationships')?.children.filter(isNamed('Relationship')).find((r) => r.attrs.Type?.endsWith('/officeDocument'));
  const documentPath = main?.attrs.Target?.replace(/^\//, '') ?? 'word/document.xml';
  const folder = documentPath.replace(/[^/]*$/, '');
  const document = await zip.file(documentPath)?.async('string');
  if (document === undefined) throw new EngineError('unreadable', `No ${documentPath} in the file`);
  const numbering = (await zip.file(`${folder}numbering.xml`)?.async('string')) ?? '';
  const styles = (await zip.file(`${folder}styles.xml`)?.async('string')) ?? '';
  return { document, numbering, styles };
}

// ——— Walking the document ———

/** Block containers (body, cell, text box, content control) → lines. */
function blockLines(container: XmlElement, lists: ListNumbering): string[] {
  const lines: string[] = [];
  for (const child of elements(container)) {
    if (child.name === 'w:p') lines.push(...paragraphLines(child, lists));
    else if (child.name === 'w:tbl') lines.push(...tableLines(child, lists));
    else if (child.name === 'mc:AlternateContent') lines.push(...blockLines(find(child, 'mc:Choice') ?? child, lists));
    else if (['w:sdt', 'w:sdtContent', 'w:customXml', 'w:ins', 'w:smartTag'].includes(child.name)) lines.push(...blockLines(child, lists));
  }
  return lines;
}

function paragraphLines(p: XmlElement, lists: ListNumbering): string[] {
  const text: string[] = [];
  const boxes: string[] = [];
  collectInline(p, text, boxes, lists);
  const line = lists.prefix(find(p, 'w:pPr')) + text.join('');
  return line.trim() === '' && boxes.length > 0 ? boxes : [line, ...boxes];
}

/** Elements whose content is never shown as text. */
const SKIPPED = new Set(['w:pPr', 'w:rPr', 'w:del', 'w:moveFrom', 'w:delText', 'w:instrText', 'w:fldData', 'mc:Fallback', 'w:tblPr']);

function collectInline(el: XmlElement, text: string[], boxes: string[], lists: ListNumbering): void {
  for (const child of elements(el)) {
    if (SKIPPED.has(child.name)) continue;
    switch (child.name) {
      case 'w:t':
      case 'm:t':
        text.push(textContent(child));
        break;
      case 'w:tab':
        text.push('\t');
        break;
      case 'w:br':
      case 'w:cr':
        text.push('\n');
        break;
      case 'w:noBreakHyphen':
        text.push('-');
        break;
      case 'w:txbxContent':
        boxes.push(...blockLines(child, lists));
        break;
      default:
        collectInline(child, text, boxes, lists);
    }
  }
}

/** A row per line, cells tab-separated; a cell spanning n grid columns leaves n-1 empty cells after it. */
function tableLines(tbl: XmlElement, lists: ListNumbering): string[] {
  return childrenThrough(tbl, 'w:tr').map((tr) => {
    const trPr = find(tr, 'w:trPr');
    const cells: string[] = Array<string>(gridCount(trPr, 'w:gridBefore')).fill('');
    for (const tc of childrenThrough(tr, 'w:tc')) {
      cells.push(blockLines(tc, lists).join(' ').replace(/\s+/g, ' ').trim());
      cells.push(...Array<string>(gridCount(find(tc, 'w:tcPr'), 'w:gridSpan') - 1).fill(''));
    }
    return cells.join('\t');
  });
}

function gridCount(props: XmlElement | undefined, name: string): number {
  const value = Number(find(props, name)?.attrs['w:val'] ?? (name === 'w:gridSpan' ? 1 : 0));
  return Number.isInteger(value) && value >= 0 && value < 1000 ? value : 0;
}

/** Direct children named `name`, looking through content controls and custom XML wrappers. */
function childrenThrough(el: XmlElement, name: string): XmlElement[] {
  return elements(el).flatMap((child) => {
    if (child.name === name) return [child];
    if (['w:sdt', 'w:sdtContent', 'w:customXml'].includes(child.name)) return childrenThrough(child, name);
    return [];
  });
}

// ——— Lists ———

interface Level {
  format: string;
  text: string;
  start: number;
}

/** Numbers list paragraphs as Word shows them: `1.`, `1.2.`, `a)`, `一、`, or a bullet. */
class ListNumbering {
  private readonly levels = new Map<string, Level[]>();
  private readonly styleNumbering = new Map<string, { numId: string; ilvl: number }>();
  private readonly counters = new Map<string, number[]>();

  constructor(numberingXml: string, stylesXml: string) {
    const numbering = parseXml(numberingXml);
    const abstracts = new Map<string, Level[]>();
    for (const abstract of find(numbering, 'w:numbering')?.children.filter(isNamed('w:abstractNum')) ?? []) {
      const levels: Level[] = [];
      for (const lvl of elements(abstract).filter((e) => e.name === 'w:lvl')) {
        levels[Number(lvl.attrs['w:ilvl'] ?? 0)] = {
          format: find(lvl, 'w:numFmt')?.attrs['w:val'] ?? 'decimal',
          text: find(lvl, 'w:lvlText')?.attrs['w:val'] ?? '',
          start: Number(find(lvl, 'w:start')?.attrs['w:val'] ?? 1),
        };
      }
      abstracts.set(abstract.attrs['w:abstractNumId'] ?? '', levels);
    }
    for (const num of find(numbering, 'w:numbering')?.children.filter(isNamed('w:num')) ?? []) {
      const levels = [...(abstracts.get(find(num, 'w:abstractNumId')?.attrs['w:val'] ?? '') ?? [])];
      for (const override of elements(num).filter((e) => e.name === 'w:lvlOverride')) {
        const ilvl = Number(override.attrs['w:ilvl'] ?? 0);
        const start = find(override, 'w:startOverride')?.attrs['w:val'];
        const level = levels[ilvl];
        if (start !== undefined && level) levels[ilvl] = { ...level, start: Number(start) };
      }
      this.levels.set(num.attrs['w:numId'] ?? '', levels);
    }
    for (const style of find(parseXml(stylesXml), 'w:styles')?.children.filter(isNamed('w:style')) ?? []) {
      const numPr = find(style, 'w:pPr', 'w:numPr');
      const numId = find(numPr, 'w:numId')?.attrs['w:val'];
      if (numId) this.styleNumbering.set(style.attrs['w:styleId'] ?? '', { numId, ilvl: Number(find(numPr, 'w:ilvl')?.attrs['w:val'] ?? 0) });
    }
  }

  /** The marker and indent for a paragraph, advancing its list's counters; '' if it is no list item. */
  prefix(pPr: XmlElement | undefined): string {
    const numPr = find(pPr, 'w:numPr');
    const fromStyle = this.styleNumbering.get(find(pPr, 'w:pStyle')?.attrs['w:val'] ?? '');
    const numId = find(numPr, 'w:numId')?.attrs['w:val'] ?? fromStyle?.numId;
    const ilvl = Number(find(numPr, 'w:ilvl')?.attrs['w:val'] ?? fromStyle?.ilvl ?? 0);
    const levels = numId === undefined ? undefined : this.levels.get(numId);
    const level = levels?.[ilvl];
    if (!numId || !levels || !level) return '';
    const counts = this.counters.get(numId) ?? [];
    counts[ilvl] = (counts[ilvl] ?? level.start - 1) + 1;
    counts.length = ilvl + 1;
    this.counters.set(numId, counts);
    const indent = '  '.repeat(ilvl);
    if (level.format === 'bullet') return `${indent}• `;
    if (level.format === 'none' || level.text === '') return indent;
    const marker = level.text.replace(/%(\d)/g, (_, n: string) => {
      const i = Number(n) - 1;
      return formatNumber(counts[i] ?? levels[i]?.start ?? 1, levels[i]?.format ?? 'decimal');
    });
    return `${indent}${marker} `;
  }
}

const CHINESE_DIGITS = '〇一二三四五六七八九';

function formatNumber(n: number, format: string): string {
  switch (format) {
    case 'lowerLetter':
    case 'upperLetter': {
      const letter = String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.floor((n - 1) / 26) + 1);
      return format === 'upperLetter' ? letter.toUpperCase() : letter;
    }
    case 'lowerRoman':
    case 'upperRoman':
      return format === 'upperRoman' ? roman(n) : roman(n).toLowerCase();
    case 'decimalZero':
      return String(n).padStart(2, '0');
    case 'chineseCounting':
    case 'chineseCountingThousand':
    case 'taiwaneseCounting':
      return n < 100 ? chineseCounting(n) : String(n);
    case 'ideographTraditional':
      return '甲乙丙丁戊己庚辛壬癸'[(n - 1) % 10] ?? String(n);
    case 'decimalEnclosedCircle':
    case 'decimalEnclosedCircleChinese':
      return n >= 1 && n <= 20 ? String.fromCharCode(0x2460 + n - 1) : String(n);
    default:
      return String(n);
  }
}

function chineseCounting(n: number): string {
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  if (tens === 0) return CHINESE_DIGITS[ones] ?? '';
  return `${tens > 1 ? CHINESE_DIGITS[tens] : ''}十${ones > 0 ? CHINESE_DIGITS[ones] : ''}`;
}

function roman(n: number): string {
  const table: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  for (const [value, symbol] of table) for (; n >= value; n -= value) out += symbol;
  return out;
}

// ——— A minimal XML tree ———

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: (XmlElement | string)[];
}

const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][^>]*>|<(\/?)([^\s/>]+)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;
const ATTR = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Parses well-formed XML (what Office writes) into a tree; comments and declarations are dropped. */
function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack = [root];
  for (const [, cdata, closing, name, rest = '', text] of xml.matchAll(TOKEN)) {
    const parent = stack[stack.length - 1] ?? root;
    if (text !== undefined) parent.children.push(decodeEntities(text));
    else if (cdata !== undefined) parent.children.push(cdata);
    else if (name === undefined) continue;
    else if (closing) {
      const open = stack.findLastIndex((el) => el.name === name);
      if (open > 0) stack.length = open;
    } else {
      const el: XmlElement = { name, attrs: {}, children: [] };
      for (const [, key = '', dq, sq] of rest.matchAll(ATTR)) el.attrs[key] = decodeEntities(dq ?? sq ?? '');
      parent.children.push(el);
      if (!rest.trimEnd().endsWith('/')) stack.push(el);
    }
  }
  return root;
}

function decodeEntities(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[body] ?? entity;
  });
}

function elements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string');
}

function isNamed(name: string) {
  return (c: XmlElement | string): c is XmlElement => typeof c !== 'string' && c.name === name;
}

/** Follows a path of child names from `el`; undefined if any step is missing. */
function find(el: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = el;
  for (const name of path) current = current?.children.find(isNamed(name));
  return current;
}

function textContent(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textContent(c))).join('');
}
