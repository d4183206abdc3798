import { removeCjkSpaces } from './cjk';

/** Languages every OCR run loads: Simplified Chinese also reads Latin text, English sharpens it. */
export const OCR_LANGS = 'chi_sim+eng';

/** Tesseract's text made readable: no spaces between CJK characters, no trailing blanks. */
export function cleanOcrText(raw: string): string {
  return removeCjkSpaces(raw)
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/u, ''))
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}
