import type { ReadLang } from '@contracts/ai-read.js';

const HAN = /\p{Script=Han}/gu;
const LETTER = /\p{L}/gu;

/**
 * The reader's two languages: the page's declared `lang` when it is one of them, otherwise the
 * script of the text (Chinese when at least a fifth of its letters are Han characters; a Chinese
 * character carries as much as a whole English word, so the bar is low).
 */
export function detectLang(declared: string, text: string): ReadLang {
  const tag = declared.trim().toLowerCase();
  if (tag.startsWith('zh')) return 'zh';
  if (tag.startsWith('en')) return 'en';
  const sample = text.slice(0, 20_000);
  const letters = sample.match(LETTER)?.length ?? 0;
  if (letters === 0) return 'en';
  const han = sample.match(HAN)?.length ?? 0;
  return han / letters >= 0.2 ? 'zh' : 'en';
}
