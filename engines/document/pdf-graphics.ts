import type { PageViewport } from 'pdfjs-dist';
import type { PdfJs } from './pdf-load';
import { filledRects, filledRules, mergeRules, readPolygons, strokedRules, type Fill, type Rule } from './pdf-paths';

/** Where an image XObject is painted, in page points (origin top-left). */
export interface ImagePlacement {
  /** pdf.js object id; `g_`-prefixed ids live in `commonObjs`. */
  objId: string;
  /** Inline images carry their pixels in the operator list instead of an object id. */
  inline?: unknown;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The characters one text-drawing operator painted, and in which colour. */
export interface TextPaint {
  chars: string;
  color: string;
}

export interface PageGraphics {
  rules: Rule[];
  images: ImagePlacement[];
  fills: Fill[];
  /** In content order, which is also the order of pdf.js's text content. */
  textPaints: TextPaint[];
}

export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

function asMatrix(value: unknown): Matrix | null {
  if (!value || typeof value !== 'object' || !('length' in value)) return null;
  const arr = Array.from(value as ArrayLike<number>);
  return arr.length >= 6 ? (arr.slice(0, 6) as Matrix) : null;
}

/** pdf.js gives colours as "#rrggbb" (older builds as [r, g, b]); this returns "RRGGBB". */
function hexColor(color: unknown): string {
  if (typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color)) return color.slice(1).toUpperCase();
  if (color && typeof color === 'object' && 'length' in color) {
    const rgb = Array.from(color as ArrayLike<number>).slice(0, 3);
    if (rgb.length === 3) return rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('').toUpperCase();
  }
  return '000000';
}

/** True for white or near-white colours, whose lines and boxes are invisible on paper. */
export function isNearWhite(hex: string): boolean {
  return [0, 2, 4].every((i) => parseInt(hex.slice(i, i + 2), 16) > 235);
}

/** The characters of a text operator's glyph list (glyphs carry `unicode`; numbers are kerning). */
function paintedChars(args: unknown[] | null): string {
  const glyphs = args?.find((a): a is unknown[] => Array.isArray(a)) ?? [];
  return glyphs.map((g) => (g && typeof g === 'object' && 'unicode' in g ? String(g.unicode) : '')).join('');
}

/** Reads ruling lines and image placements from a page's operator list. */
export function readPageGraphics(pdfjs: PdfJs, ops: OperatorList, viewport: PageViewport): PageGraphics {
  const OPS = pdfjs.OPS;
  const rules: Rule[] = [];
  const images: ImagePlacement[] = [];
  const fills: Fill[] = [];
  const textPaints: TextPaint[] = [];
  const stack: Matrix[] = [];
  const colors: { fill: string; stroke: string }[] = [];
  let ctm: Matrix = IDENTITY;
  let fill = '000000';
  let stroke = '000000';
  const view = asMatrix(viewport.transform) ?? IDENTITY;
  const toPage = (x: number, y: number) => apply(multiply(ctm, view), x, y);

  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        colors.push({ fill, stroke });
        break;
      case OPS.restore:
        ctm = stack.pop() ?? IDENTITY;
        ({ fill, stroke } = colors.pop() ?? { fill: '000000', stroke: '000000' });
        break;
      case OPS.transform: {
        const m = asMatrix(args);
        if (m) ctm = multiply(m, ctm);
        break;
      }
      case OPS.paintFormXObjectBegin: {
        stack.push(ctm);
        colors.push({ fill, stroke });
        const m = asMatrix(args?.[0]);
        if (m) ctm = multiply(m, ctm);
        break;
      }
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? IDENTITY;
        ({ fill, stroke } = colors.pop() ?? { fill: '000000', stroke: '000000' });
        break;
      case OPS.setFillRGBColor:
        fill = hexColor(args?.length === 1 ? args[0] : args);
        break;
      case OPS.setStrokeRGBColor:
        stroke = hexColor(args?.length === 1 ? args[0] : args);
        break;
      case OPS.constructPath: {
        const paintOp = args?.[0] as number;
        const data = (args?.[1] as unknown[] | undefined)?.[0];
        if (!data || typeof data !== 'object' || !('length' in data)) break;
        const strokes = [OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke].includes(paintOp);
        const isFill = [OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke].includes(paintOp);
        const polygons = readPolygons(data as ArrayLike<number>, toPage);
        if (strokes && !isNearWhite(stroke)) rules.push(...strokedRules(polygons));
        if (isFill && !isNearWhite(fill)) {
          rules.push(...filledRules(polygons));
          fills.push(...filledRects(polygons).map((r) => ({ ...r, color: fill })));
        }
        break;
      }
      case OPS.showText:
      case OPS.showSpacedText:
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText:
        textPaints.push({ chars: paintedChars(args), color: fill });
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject: {
        const [x0, y0] = toPage(0, 0);
        const [x1, y1] = toPage(1, 1);
        const placement = { x: Math.min(x0, x1), y: Math.min(y0, y1), w: Math.abs(x1 - x0), h: Math.abs(y1 - y0) };
        if (fn === OPS.paintImageXObject && typeof args?.[0] === 'string') images.push({ objId: args[0], ...placement });
        else if (fn === OPS.paintInlineImageXObject) images.push({ objId: `inline-${i}`, inline: args?.[0], ...placement });
        break;
      }
    }
  }
  return { rules: mergeRules(rules), images, fills, textPaints };
}
