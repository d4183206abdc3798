import type { TextPaint } from './pdf-graphics';
import type { TextRun } from './pdf-text-runs';

/** How far ahead to look for a run's text when the two sequences drift apart. */
const WINDOW = 400;

/**
 * Gives each text run the colour it was painted in. pdf.js's text content has no colours, but
 * it lists text in the same order as the operator list paints it, so the two character
 * sequences are walked side by side (whitespace ignored, re-synchronising after mismatches
 * such as expanded ligatures).
 */
export function assignColors(runs: TextRun[], paints: TextPaint[]): void {
  const chars: string[] = [];
  const colors: string[] = [];
  for (const paint of paints) {
    for (const ch of paint.chars) {
      if (/\s/.test(ch)) continue;
      chars.push(ch);
      colors.push(paint.color);
    }
  }
  let position = 0;
  for (const run of runs) {
    const target = [...run.text].filter((c) => !/\s/.test(c));
    if (target.length === 0) continue;
    const probe = Math.min(3, target.length);
    for (let k = position; k < Math.min(chars.length, position + WINDOW); k++) {
      if (target.slice(0, probe).every((c, j) => chars[k + j] === c)) {
        run.color = colors[k];
        position = k + target.length;
        break;
      }
    }
  }
}
