import type PptxGenJS from 'pptxgenjs';
import { textColor } from './pdf-colors';
import { eastAsianFont, officeFont } from './pdf-fonts';
import type { Line } from './pdf-layout-lines';
import { CJK } from './pdf-text-join';

const POINTS_PER_INCH = 72;

/** Maps a page's points onto the slide, scaled to fit and centred when sizes differ. */
export interface Fit {
  scale: number;
  dx: number;
  dy: number;
  /** The slide's size in points; text boxes are kept inside it. */
  slideW?: number;
  slideH?: number;
}

type Align = 'left' | 'center' | 'right';

/** Centred when every line shares the block's centre but not its left edge (titles, letterheads). */
function blockAlign(lines: Line[]): Align {
  if (lines.length < 2) return 'left';
  const left = Math.min(...lines.map((l) => l.x));
  const right = Math.max(...lines.map((l) => l.x + l.w));
  const centre = (left + right) / 2;
  const centred = lines.every((l) => Math.abs(l.x + l.w / 2 - centre) < Math.max(2, (right - left) * 0.02));
  return centred && lines.some((l) => l.x - left > 4) ? 'center' : 'left';
}

/**
 * The block's lines as PowerPoint paragraphs: the PDF's line breaks, each line's distance from
 * the one above as exact line spacing, and the text's style. With the page image behind, text
 * keeps its colour; on a blank slide light text turns dark.
 */
function runs(lines: Line[], fit: Fit, withBackground: boolean, align: Align): PptxGenJS.TextProps[] {
  return lines.flatMap((line, n) => {
    const pitch = n === 0 ? line.size * 1.2 : Math.max(line.size, line.baseline - lines[n - 1]!.baseline);
    return line.spans.map((span, i) => {
      const cjk = CJK.test(span.text);
      const color = withBackground ? span.color : textColor(span.color);
      return {
        text: span.text,
        options: {
          bold: span.font.bold,
          italic: span.font.italic,
          fontSize: Math.max(1, Math.round(span.size * fit.scale * 2) / 2),
          fontFace: cjk ? eastAsianFont(span.font.name) : officeFont(span.font.name),
          ...(cjk ? { lang: 'zh-CN' } : {}),
          ...(color && color !== '000000' ? { color } : {}),
          ...(i === 0 ? { align, lineSpacing: Math.round(pitch * fit.scale * 10) / 10 } : {}),
          breakLine: i === line.spans.length - 1,
        },
      };
    });
  });
}

/** One editable text box over the place the text had on the page. */
export function addTextBox(slide: PptxGenJS.Slide, lines: Line[], fit: Fit, withBackground: boolean): void {
  const sorted = [...lines].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const x = Math.min(...lines.map((l) => l.x));
  const y = Math.min(...lines.map((l) => l.y));
  const width = Math.max(...lines.map((l) => l.x + l.w)) - x;
  const height = Math.max(...lines.map((l) => l.y + l.h)) - y;
  const align = blockAlign(sorted);
  // Office fonts may set wider than the PDF's: the box gets slack (on both sides when centred)
  // and does not wrap, so the PDF's line breaks stay as they were.
  const slack = width * 0.1 + 4;
  const inch = (v: number) => v / POINTS_PER_INCH;
  // In slide points, then pulled inside the slide: text running to the page's edge would
  // otherwise get a box sticking out past it.
  const slideW = fit.slideW ?? Infinity;
  const slideH = fit.slideH ?? Infinity;
  const w = Math.min((width + slack) * fit.scale, slideW);
  const h = Math.min((height + 2) * fit.scale, slideH);
  const left = Math.max(0, Math.min(fit.dx + (x - (align === 'center' ? slack / 2 : 0)) * fit.scale, slideW - w));
  const top = Math.max(0, Math.min(fit.dy + y * fit.scale, slideH - h));
  slide.addText(runs(sorted, fit, withBackground, align), {
    x: inch(left),
    y: inch(top),
    w: inch(w),
    h: inch(h),
    margin: 0,
    valign: 'top',
    fit: 'none',
    wrap: false,
  });
}
