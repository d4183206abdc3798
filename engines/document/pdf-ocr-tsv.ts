/**
 * Tesseract's TSV output (the same columns from the `tesseract` command line and from
 * tesseract.js's `tsv` output) read into words with their boxes, in image pixels.
 */
export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Tesseract's confidence, 0..100. */
  conf: number;
  /** Block, paragraph and line numbers joined: words with one key are one Tesseract line. */
  line: string;
  /** Page and block numbers joined: words with one key are one Tesseract block. */
  block: string;
}

/** TSV levels: 1 page, 2 block, 3 paragraph, 4 line, 5 word. */
const WORD_LEVEL = 5;

export function parseTesseractTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || Number(cells[0]) !== WORD_LEVEL) continue;
    // The text is the last column and may itself hold no tab; anything after column 11 is text.
    const text = cells.slice(11).join('\t').trim();
    const [, page, block, par, line, , left, top, width, height, conf] = cells.map(Number);
    if (!text || [left, top, width, height, conf].some((v) => v === undefined || !Number.isFinite(v))) continue;
    words.push({ text, left: left!, top: top!, width: width!, height: height!, conf: conf!, line: `${page}.${block}.${par}.${line}`, block: `${page}.${block}` });
  }
  return words;
}
