/**
 * The handwriting fonts shipped with the app (OFL 1.1, from @fontsource): Dancing Script for
 * Latin names, Ma Shan Zheng (a Chinese brush hand) for names in Chinese. Their CSS and files come
 * in only when this page types a signature; Ma Shan Zheng is split by character range, so only
 * the pieces holding the name's characters are fetched, from this site.
 */
const LATIN = { family: 'Dancing Script', load: () => import('@fontsource/dancing-script/400.css') };
const HAN = { family: 'Ma Shan Zheng', load: () => import('@fontsource/ma-shan-zheng/400.css') };

const hasHan = (text: string) => /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u.test(text);

/** The CSS font-family for a name, after its glyphs are loaded. */
export async function signatureFont(text: string, px: number): Promise<string> {
  const font = hasHan(text) ? HAN : LATIN;
  await font.load();
  const family = `"${font.family}"`;
  await document.fonts.load(`${px}px ${family}`, text);
  return family;
}
