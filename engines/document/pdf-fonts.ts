/**
 * Maps a PDF font name ("ABCDEF+TimesNewRomanPS-BoldMT") to a family Office has everywhere,
 * so the converted document looks like the PDF without embedding fonts.
 */
const KNOWN: [RegExp, string][] = [
  [/times|nimbusrom|tinos|liberationserif|^cm(r|bx|ti|sl)\d|lmroman|texgyretermes|dejavuserif/i, 'Times New Roman'],
  [/helvetica|arial|nimbussan|liberationsans|arimo|texgyreheros|dejavusans(?!mono)/i, 'Arial'],
  [/courier|nimbusmono|^cmtt|liberationmono|cousine|dejavusansmono|lmmono/i, 'Courier New'],
  [/calibri/i, 'Calibri'],
  [/cambria/i, 'Cambria'],
  [/aptos/i, 'Aptos'],
  [/georgia/i, 'Georgia'],
  [/verdana/i, 'Verdana'],
  [/tahoma/i, 'Tahoma'],
  [/garamond/i, 'Garamond'],
  [/segoe/i, 'Segoe UI'],
  [/symbol/i, 'Symbol'],
];

const CJK_SERIF = /song|sun|mincho|ming|serifcjk|serif\s?sc|fangsong|kai/i;
const CJK_SANS = /hei|yahei|gothic|sanscjk|sans\s?sc|pingfang|sourcehansans|dengxian/i;

/** The family to use for Latin text. */
export function officeFont(pdfName: string): string {
  const name = pdfName.replace(/^[A-Z]{6}\+/, '');
  for (const [pattern, family] of KNOWN) if (pattern.test(name)) return family;
  const base = name.split(/[-,]/)[0]!.replace(/(PSMT|PS|MT|Regular|Bold|Italic|Oblique)+$/g, '');
  return base.replace(/([a-z])([A-Z])/g, '$1 $2').trim() || 'Calibri';
}

/** The family to use for Chinese and Japanese text: the PDF's own when it names one. */
export function eastAsianFont(pdfName: string): string {
  if (CJK_SANS.test(pdfName)) return 'Microsoft YaHei';
  if (CJK_SERIF.test(pdfName)) return 'SimSun';
  return /sans|gothic|arial|helvetica/i.test(pdfName) ? 'Microsoft YaHei' : 'SimSun';
}
