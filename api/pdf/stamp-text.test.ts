import { describe, expect, it } from 'vitest';
import { anchorCentre, compactRanges, MAX_TILES, rotatedBounds, tileCentres } from './stamp-geometry.js';
import { parseBoxes } from './stamp-pages.js';
import { layoutRuns, lineIsRtl, type CoverageFont, type TextRun } from './stamp-text.js';

const latin: CoverageFont<string> = { key: 'latin', covers: (cp) => cp < 0x250 };
const cjk: CoverageFont<string> = { key: 'cjk', covers: (cp) => cp < 0x80 || (cp >= 0x3000 && cp < 0xa000) || (cp >= 0xff00 && cp < 0xfff0) };
const arabic: CoverageFont<string> = { key: 'arabic', covers: (cp) => cp === 0x20 || (cp >= 0x600 && cp < 0x700) };
const fonts = [latin, cjk, arabic];

describe('text runs', () => {
  it('keeps a mixed Chinese and Latin line in one face that has both', () => {
    expect(layoutRuns('机密文件 Confidential', fonts)).toEqual([{ text: '机密文件 Confidential', font: 'cjk', rtl: false }]);
  });

  it('orders an Arabic line right to left, with its number read left to right', () => {
    expect(lineIsRtl('سري للغاية 2024')).toBe(true);
    expect(layoutRuns('سري للغاية 2024', fonts)).toEqual([
      { text: '2024', font: 'latin', rtl: false },
      { text: 'سري للغاية ', font: 'arabic', rtl: true },
    ]);
  });

  it('puts Arabic inside an English line where it is read', () => {
    expect((layoutRuns('Top سري here', fonts) as TextRun<string>[]).map((r) => r.text)).toEqual(['Top ', 'سري', ' here']);
  });

  it('names a character no face has', () => {
    expect(layoutRuns('ok ก', fonts)).toEqual({ missing: 0xe01 });
  });
});

describe('placement', () => {
  const page = { width: 600, height: 800 };
  it('places the nine positions inside the margin', () => {
    expect(anchorCentre('top-left', { width: 100, height: 20 }, page, 10)).toEqual({ x: 60, y: 20 });
    expect(anchorCentre('bottom-right', { width: 100, height: 20 }, page, 10)).toEqual({ x: 540, y: 780 });
    expect(anchorCentre('center', { width: 100, height: 20 }, page, 10)).toEqual({ x: 300, y: 400 });
  });

  it('turns bounds, and tiles a page with a bounded number of copies', () => {
    const turned = rotatedBounds({ width: 100, height: 20 }, 90);
    expect([Math.round(turned.width), Math.round(turned.height)]).toEqual([20, 100]);
    expect(tileCentres({ width: 100, height: 20 }, page, 20).length).toBeGreaterThan(20);
    expect(tileCentres({ width: 1, height: 1 }, page, 0).length).toBeLessThanOrEqual(MAX_TILES);
  });

  it('writes qpdf page ranges and reads pdfinfo boxes, turned by /Rotate', () => {
    expect(compactRanges([1, 2, 3, 5, 7, 8])).toBe('1-3,5,7-8');
    const info = 'Page    1 rot:   90\nPage    1 TrimBox:       0.00     0.00   595.00   842.00\nPage    2 rot:   0\nPage    2 TrimBox:     100.00   100.00   400.00   500.00\n';
    expect(parseBoxes(info, 1, 2)).toEqual([
      { width: 842, height: 595 },
      { width: 300, height: 400 },
    ]);
  });
});
