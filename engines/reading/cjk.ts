/** Han ideographs (with extension A and compatibility ideographs), the script glosses segment. */
export const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
const HAN_G = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;

/** Chinese punctuation and full-width forms: no space belongs next to them either. */
const CJK_PUNCT = '\u3000-\u303f\uff00-\uffef';
const CJK_ANY = `\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff${CJK_PUNCT}`;
const SPACE_BETWEEN_CJK = new RegExp(`([${CJK_ANY}])[ \\t]+(?=[${CJK_ANY}])`, 'gu');

/** Removes the spaces OCR puts between CJK characters, keeping those between Latin words. */
export function removeCjkSpaces(text: string): string {
  return text.replace(SPACE_BETWEEN_CJK, '$1');
}

/** The share of Han characters among the letters of a text: tells a Chinese document from an English one. */
export function hanShare(text: string): number {
  const han = text.match(HAN_G)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters === 0 ? 0 : han / letters;
}
