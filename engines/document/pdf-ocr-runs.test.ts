import { describe, expect, it } from 'vitest';
import { parseTesseractTsv, type OcrWord } from './pdf-ocr-tsv';
import { keptWords, meanConfidence, ocrTextRuns } from './pdf-ocr-runs';
import { hasPicture, textLayerUnreadable } from './pdf-scan-page';
import type { TextRun } from './pdf-text-runs';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const row = (level: number, line: number, word: number, box: [number, number, number, number], conf: number, text: string) =>
  [level, 1, 1, 1, line, word, ...box, conf, text].join('\t');

function word(text: string, left: number, top: number, width: number, height: number, line = '1.1.1.1', conf = 95): OcrWord {
  return { text, left, top, width, height, conf, line, block: line.split('.').slice(0, 2).join('.') };
}

describe('Tesseract TSV', () => {
  it('keeps the words with their boxes and lines, not the page, block or line rows', () => {
    const tsv = [HEADER, row(1, 0, 0, [0, 0, 2480, 3508], -1, ''), row(4, 1, 0, [300, 300, 800, 40], -1, ''), row(5, 1, 1, [300, 300, 200, 40], 96.5, 'Harbour'), row(5, 1, 2, [520, 300, 90, 40], 91, 'Report'), row(5, 2, 1, [300, 360, 40, 40], 0, ' ')].join('\n');
    expect(parseTesseractTsv(tsv)).toEqual([
      { text: 'Harbour', left: 300, top: 300, width: 200, height: 40, conf: 96.5, line: '1.1.1.1', block: '1.1' },
      { text: 'Report', left: 520, top: 300, width: 90, height: 40, conf: 91, line: '1.1.1.1', block: '1.1' },
    ]);
  });
});

describe('recognised words as text runs', () => {
  // 300 dpi: 25/6 pixels to the point; a 12 pt line is 50 px to the em.
  const scale = 300 / 72;

  it('measures the font size from the letters each word holds, and places the baseline', () => {
    // "Harbour" has ascenders only: 0.72 em tall. "quay" has x-height and descenders: 0.71 em.
    const runs = ocrTextRuns([word('Harbour', 300, 300, 200, 36), word('quay', 515, 311, 100, 35.5)], scale);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.text).toBe('Harbour quay');
    expect(runs[0]!.size).toBeCloseTo(12, 0);
    expect(runs[0]!.baseline).toBeCloseTo(336 / scale, 0);
    expect(runs[0]!.x).toBeCloseTo(300 / scale, 3);
    expect(runs[0]!.w).toBeCloseTo(315 / scale, 3);
  });

  it('writes Chinese without spaces and keeps a space between Chinese and Latin words', () => {
    const runs = ocrTextRuns([word('港口', 300, 300, 88, 44), word('维护', 392, 300, 88, 44), word('PDF', 500, 302, 70, 32), word('文件', 590, 300, 88, 44)], scale);
    expect(runs.map((r) => r.text)).toEqual(['港口维护 PDF 文件']);
    // Punctuation sits against the Chinese beside it, full width as Chinese is set.
    const marks = ocrTextRuns([word('据说', 300, 300, 88, 44), word(',', 392, 330, 10, 20), word('宋代', 410, 300, 88, 44), word('“天', 510, 300, 88, 44), word('葱”', 600, 300, 88, 44)], scale);
    expect(marks.map((r) => r.text)).toEqual(['据说，宋代“天葱”']);
  });

  it('keeps words a column gap apart as separate runs, so table cells and columns stay apart', () => {
    const runs = ocrTextRuns([word('Item', 300, 300, 90, 36), word('Price', 800, 300, 100, 36)], scale);
    expect(runs.map((r) => r.text)).toEqual(['Item', 'Price']);
  });

  it('turns a small round mark before the text into a bullet', () => {
    const line = [word('e', 300, 318, 16, 16), word('Database', 340, 300, 170, 36), word('tuning', 522, 300, 120, 46)];
    expect(ocrTextRuns(line, scale)[0]!.text).toBe('• Database tuning');
    // A real letter "e" of text height is left alone.
    const letter = [word('e', 300, 311, 22, 25), word('mail', 335, 300, 80, 36)];
    expect(ocrTextRuns(letter, scale)[0]!.text).toBe('e mail');
    // A bullet read unsurely is kept as the bullet it is; an unsure mark that is no bullet goes.
    const unsure = [word('«', 300, 318, 16, 16, '1.1.1.1', 20), word('Wang', 340, 300, 110, 46, '1.1.1.1')];
    expect(ocrTextRuns(keptWords(unsure), scale)[0]!.text).toBe('• Wang');
    const speck = [word('«', 300, 290, 16, 16, '1.1.1.1', 20), word('Wang', 340, 300, 110, 46, '1.1.1.1')];
    expect(ocrTextRuns(keptWords(speck), scale)[0]!.text).toBe('Wang');
  });

  it('drops speckle and unsure punctuation, and weighs confidence by characters', () => {
    const words = [word('Report', 0, 0, 10, 10, 'a', 90), word('~', 0, 0, 10, 10, 'a', 30), word('.', 0, 0, 10, 10, 'a', 20), word('x', 0, 0, 10, 10, 'a', 5), word('ok', 0, 0, 10, 10, 'a', 60)];
    expect(keptWords(words).map((w) => w.text)).toEqual(['Report', 'ok']);
    expect(meanConfidence(keptWords(words))).toBeCloseTo((6 * 90 + 2 * 60) / 8, 5);
  });
});

describe('which pages are read', () => {
  const run = (text: string): TextRun => ({ text, x: 0, y: 0, w: 10, h: 10, baseline: 8, size: 10, font: { name: 'F', bold: false, italic: false } });
  const page = { width: 600, height: 800 };

  it('reads pages with no text layer, a stamp at most, or one of unmapped glyphs', () => {
    expect(textLayerUnreadable([])).toBe(true);
    expect(textLayerUnreadable([run('Page 3')])).toBe(true);
    expect(textLayerUnreadable([run('\ue001\ue002\ue003\ue004\ue005\ue006\ue007\ue008\ue009\ue010\ue011\ue012\ue013\ue014\ue015\ue016\ue017 ab')])).toBe(true);
    expect(textLayerUnreadable([run('The quick brown fox jumps over the lazy dog.')])).toBe(false);
  });

  it('only where something is drawn: a picture over a tenth of the page, or many outlined shapes', () => {
    const image = (w: number, h: number) => ({ objId: 'img', x: 0, y: 0, w, h });
    expect(hasPicture({ images: [image(600, 800)], fills: [] }, page)).toBe(true);
    expect(hasPicture({ images: [image(50, 50)], fills: [] }, page)).toBe(false);
    expect(hasPicture({ images: [], fills: [] }, page)).toBe(false);
  });
});
