import type { Fill } from './pdf-paths';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * The colour to give text, or undefined for the default (black). Text that was light on a
 * coloured bar turns black when the bar is not reproduced, so it never vanishes on white.
 */
export function textColor(color: string, background = 'FFFFFF'): string | undefined {
  if (Math.abs(luminance(color) - luminance(background)) < 0.35) return background === 'FFFFFF' ? undefined : color;
  return luminance(color) < 0.08 ? undefined : color;
}

/** The coloured rectangle a box of text sits on (its centre inside), if any; the smallest wins. */
export function fillBehind(fills: Fill[], box: Box, page: { width: number; height: number }): Fill | undefined {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return fills
    .filter((f) => f.w * f.h < 0.5 * page.width * page.height && cx >= f.x && cx <= f.x + f.w && cy >= f.y && cy <= f.y + f.h)
    .sort((a, b) => a.w * a.h - b.w * b.h)[0];
}
