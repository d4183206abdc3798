import type { Block } from './pdf-layout-blocks';
import type { Line, Span } from './pdf-layout-lines';
import { CJK, joinLineSpans } from './pdf-text-join';

export interface ListInfo {
  ordered: boolean;
  /** The marker as printed ("•", "1.", "a)"). */
  marker: string;
  /** 0 for the outermost level. */
  depth: number;
  /** Items with the same id belong to one list (one numbering sequence). */
  id?: number;
}

export interface Paragraph {
  lines: Line[];
  /** The text with its styles, lines joined and the list marker removed. */
  spans: Span[];
  text: string;
  size: number;
  x: number;
  y: number;
  w: number;
  h: number;
  list?: ListInfo;
  /** Code or other fixed-width text: its lines are kept, joined by '\n' in `text`. */
  preformatted?: boolean;
  /** Set by heading classification, once the document's body size is known. */
  heading?: 1 | 2 | 3;
  align: 'left' | 'center' | 'right' | 'justify';
  /** Mostly Hebrew or Arabic lines: a right-to-left paragraph, its text in reading order. */
  rtl?: boolean;
}

/** The page's text area, to tell centred and indented text from flush text. */
export interface ContentBounds {
  left: number;
  right: number;
}

// U+0080-U+009F: symbol-font glyphs (Wingdings boxes and ticks) that the PDF maps to control codes.
const BULLET = /^([•◦▪▫●○■□‣⁃∙·➢➤►▶✓✔❖☐☑☒\u0080-\u009f\uf000-\uf0ff]|[-–*])\s+/;
const MONOSPACE = /mono|courier|consol|menlo|^cmtt|inconsolata|sourcecode|firacode/i;
const ORDERED = /^(\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)])\s+/;
const BARE_NUMBER = /^(\d{1,3})\s+/;
/** "Label: value" lines, each its own paragraph when they follow one another. */
const KEY_VALUE = /^[\p{L}][^:.!?]{0,30}:\s+\S/u;

interface Marker {
  marker: string;
  ordered: boolean;
  /** Characters to remove from the text, the space after the marker included. */
  length: number;
}

function listMarker(line: Line, next?: Line): Marker | null {
  const bullet = BULLET.exec(line.text);
  if (bullet) return { marker: bullet[1]!, ordered: false, length: bullet[0].length };
  const ordered = ORDERED.exec(line.text);
  if (ordered && line.text.length > ordered[0].length) return { marker: ordered[1]!, ordered: true, length: ordered[0].length };
  // "1 Text" is a list item only when the number stands apart from its text, or hangs
  // out to the left of the item's following lines.
  const hangs = next !== undefined && next.x - line.x > 0.5 * line.size && next.x - line.x < 3 * line.size;
  const bare = line.marker || hangs ? BARE_NUMBER.exec(line.text) : null;
  if (bare) return { marker: bare[1]!, ordered: true, length: bare[0].length };
  return null;
}

function right(line: Line): number {
  return line.x + line.w;
}

function firstWordWidth(line: Line): number {
  // CJK text breaks between any two characters, so its first "word" is one character.
  const word = CJK.test(line.text.charAt(0)) ? line.text.charAt(0) : (line.text.split(/\s+/)[0] ?? '');
  return (line.w * word.length) / Math.max(1, line.text.length);
}

/** A run-in label: the line opens in bold and goes on in regular text. */
function startsWithBoldLabel(line: Line): boolean {
  const first = line.spans[0];
  return Boolean(first?.font.bold && first.text.trim().length > 1 && line.spans.some((s) => !s.font.bold && s.text.trim().length > 0));
}

/**
 * The first word of `line` would have fitted on `prev`: that line ended on purpose. The word's
 * width is estimated from the line's average letter, so an em of slack covers wide letters.
 * Right-to-left lines end on the left.
 */
function prevEnded(prev: Line, line: Line, block: { left: number; right: number }): boolean {
  if (prev.rtl) return block.left + 1.0 * line.size < prev.x - 0.3 * line.size - firstWordWidth(line);
  return right(prev) + 0.3 * line.size + firstWordWidth(line) < block.right - 1.0 * line.size;
}

/** How far a line starts in from the line before: from the left, or the right for right-to-left text. */
function indentFrom(prev: Line, line: Line): number {
  return line.rtl && prev.rtl ? right(prev) - right(line) : line.x - prev.x;
}

/** Where a new paragraph starts inside a block of lines. */
function startsParagraph(lines: Line[], i: number, block: { left: number; right: number }, medianPitch: number, listTextLeft: number | null): boolean {
  const line = lines[i]!;
  const prev = lines[i - 1]!;
  const em = line.size;
  const marker = listMarker(line, lines[i + 1]);
  // "(1)" inside running text is a reference, not a list, unless the line before had ended.
  const inList = listTextLeft !== null;
  if (marker && (!marker.ordered || inList || line.marker || prevEnded(prev, line, block) || line.x > prev.x + 0.5 * em)) return true;
  if (listTextLeft !== null && line.x < listTextLeft - 0.3 * em) return true;
  if (KEY_VALUE.test(line.text) && KEY_VALUE.test(prev.text)) return true;
  if (startsWithBoldLabel(line) && !prev.spans.at(-1)?.font.bold) return true;
  if (Math.abs(line.size - prev.size) > 0.15 * Math.max(line.size, prev.size)) return true;
  if (line.baseline - prev.baseline > 1.3 * medianPitch) return true;
  if (prevEnded(prev, line, block)) return true;
  // A first-line indent, when the lines around it are flush.
  const next = lines[i + 1];
  const indent = indentFrom(prev, line);
  if (listTextLeft === null && indent > 0.8 * em && indent < 6 * em && (!next || Math.abs(indentFrom(prev, next)) < 0.3 * em)) return true;
  return false;
}

function monospace(line: Line): boolean {
  return line.spans.every((s) => !s.text.trim() || MONOSPACE.test(s.font.name));
}

/** Two lines of one code listing: both fixed-width, at the usual line pitch. */
function sameListing(prev: Line, line: Line, medianPitch: number): boolean {
  return monospace(prev) && monospace(line) && line.baseline - prev.baseline <= 1.3 * medianPitch && Math.abs(line.size - prev.size) < 0.5;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Splits a block into paragraphs and list items. */
export function splitParagraphs(block: Block, bounds: ContentBounds): Paragraph[] {
  const lines = [...block.lines].sort((a, b) => a.baseline - b.baseline);
  const pitches = lines.slice(1).map((l, i) => l.baseline - lines[i]!.baseline);
  const medianPitch = median(pitches) || lines[0]!.size * 1.2;
  const extent = { left: Math.min(...lines.map((l) => l.x)), right: Math.max(...lines.map(right)) };
  const groups: Line[][] = [];
  let listTextLeft: number | null = null;
  lines.forEach((line, i) => {
    const listing = i > 0 && !listMarker(line, lines[i + 1]) && sameListing(lines[i - 1]!, line, medianPitch);
    if (i === 0 || (!listing && startsParagraph(lines, i, extent, medianPitch, listTextLeft))) {
      groups.push([line]);
      // Continuation lines of a list item never start left of its marker.
      listTextLeft = listMarker(line, lines[i + 1]) ? line.x : null;
    } else {
      groups.at(-1)!.push(line);
    }
  });
  return groups.map((group) => toParagraph(group, bounds));
}

function toParagraph(lines: Line[], bounds: ContentBounds): Paragraph {
  const marker = listMarker(lines[0]!, lines[1]);
  const preformatted = lines.length > 1 && lines.every(monospace);
  let spans = joinLineSpans(lines, { keepLineBreaks: preformatted });
  if (marker) spans = stripMarker(spans, marker.length);
  const x = Math.min(...lines.map((l) => l.x));
  const y = Math.min(...lines.map((l) => l.y));
  const r = Math.max(...lines.map(right));
  const b = Math.max(...lines.map((l) => l.y + l.h));
  const size = median(lines.map((l) => l.size));
  const rtl = rightToLeft(lines);
  return {
    lines,
    spans,
    text: spans.map((s) => s.text).join(''),
    size,
    x,
    y,
    w: r - x,
    h: b - y,
    list: marker ? { marker: marker.marker, ordered: marker.ordered, depth: 0 } : undefined,
    ...(preformatted ? { preformatted } : {}),
    align: preformatted ? 'left' : alignment(lines, bounds, rtl),
    ...(rtl ? { rtl } : {}),
  };
}

/** Most of the paragraph's text is on right-to-left lines. */
function rightToLeft(lines: Line[]): boolean {
  const rtl = lines.filter((l) => l.rtl).reduce((n, l) => n + l.text.length, 0);
  return rtl > 0 && rtl * 2 >= lines.reduce((n, l) => n + l.text.length, 0);
}

/** Removes the printed marker (and the space after it) from the start of the text. */
function stripMarker(spans: Span[], length: number): Span[] {
  let remove = length;
  const out: Span[] = [];
  for (const span of spans) {
    const cut = Math.min(remove, span.text.length);
    remove -= cut;
    const text = out.length === 0 ? span.text.slice(cut).trimStart() : span.text;
    if (text.length > 0) out.push({ ...span, text });
  }
  return out;
}

function alignment(lines: Line[], bounds: ContentBounds, rtl: boolean): Paragraph['align'] {
  const width = bounds.right - bounds.left;
  const center = (bounds.left + bounds.right) / 2;
  const tolerance = Math.max(3, width * 0.02);
  const centred = lines.every((l) => Math.abs(l.x + l.w / 2 - center) < tolerance && l.x - bounds.left > width * 0.05);
  if (centred) return 'center';
  if (rtl) return rightToLeftAlignment(lines);
  // Two or three equal line ends happen by chance in ragged text; four do not.
  if (lines.length >= 4) {
    const rights = lines.slice(0, -1).map(right);
    const lefts = lines.map((l) => l.x);
    if (Math.max(...rights) - Math.min(...rights) < 1 && Math.max(...lefts.slice(1)) - Math.min(...lefts.slice(1)) < 1.5) return 'justify';
    if (Math.max(...lines.map(right)) - Math.min(...lines.map(right)) < 1.5 && Math.max(...lefts) - Math.min(...lefts) > 10) return 'right';
  }
  return 'left';
}

/** The mirror image of the rules above: right-to-left text is flush right unless it shows otherwise. */
function rightToLeftAlignment(lines: Line[]): Paragraph['align'] {
  if (lines.length >= 4) {
    const lefts = lines.slice(0, -1).map((l) => l.x);
    const rights = lines.map(right);
    if (Math.max(...lefts) - Math.min(...lefts) < 1 && Math.max(...rights.slice(1)) - Math.min(...rights.slice(1)) < 1.5) return 'justify';
    if (Math.max(...lines.map((l) => l.x)) - Math.min(...lines.map((l) => l.x)) < 1.5 && Math.max(...rights) - Math.min(...rights) > 10) return 'left';
  }
  return 'right';
}
