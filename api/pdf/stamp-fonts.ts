import { existsSync } from 'node:fs';
import { runTool, type ToolLimits } from './run-tool.js';

/** A font file, and for a collection (.ttc) the face's PostScript name. */
export interface FaceSource {
  path: string;
  postscriptName?: string;
}

const NOTO = '/usr/share/fonts/truetype/noto';
/** Debian's fonts-noto-cjk: one collection of CFF faces; pdfkit (fontkit) subsets them to the glyphs used. */
const CJK_COLLECTION = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const FC_LIST = '/usr/bin/fc-list';

/**
 * The faces tried first, in order: Latin, Greek and Cyrillic (Noto Sans), then Chinese, Japanese
 * and Korean (the CJK face follows the text: kana asks for the Japanese forms, Hangul the Korean,
 * otherwise simplified Chinese), then Arabic and Hebrew. Those missing on this machine are left out.
 */
export function preferredFaces(text: string): FaceSource[] {
  const cjk = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)
    ? 'NotoSansCJKjp-Regular'
    : /\p{Script=Hangul}/u.test(text)
      ? 'NotoSansCJKkr-Regular'
      : 'NotoSansCJKsc-Regular';
  const faces: FaceSource[] = [
    { path: `${NOTO}/NotoSans-Regular.ttf` },
    { path: CJK_COLLECTION, postscriptName: cjk },
    { path: `${NOTO}/NotoSansArabic-Regular.ttf` },
    { path: `${NOTO}/NotoSansHebrew-Regular.ttf` },
  ];
  return faces.filter((face) => existsSync(face.path));
}

/** Kinds of font file pdfkit embeds (TrueType and OpenType, single or collection). */
const EMBEDDABLE = /\.(ttf|otf|ttc)$/i;

/**
 * A face of an installed font that has `codePoint`, found with fontconfig: for scripts beyond the
 * preferred faces (Thai, Devanagari, Armenian…). Regular sans faces are preferred; null when no
 * installed font has the character.
 */
export async function faceFor(codePoint: number, limits: ToolLimits): Promise<FaceSource | null> {
  const result = await runTool(FC_LIST, ['-f', '%{file}\t%{postscriptname}\t%{style}\n', `:charset=${codePoint.toString(16)}`], limits);
  if (result.code !== 0) return null;
  const candidates = result.stdout
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((parts): parts is [string, string, string] => parts.length === 3 && EMBEDDABLE.test(parts[0] ?? ''))
    .map(([path, postscriptName, style]) => ({ path, postscriptName, style }));
  const rank = (c: { path: string; style: string }) => (/\bregular\b/i.test(c.style) ? 0 : 2) + (/serif/i.test(c.path) ? 1 : 0) + (/sans/i.test(c.path) ? 0 : 0.5);
  candidates.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
  const best = candidates[0];
  if (!best) return null;
  return /\.ttc$/i.test(best.path) ? { path: best.path, postscriptName: best.postscriptName } : { path: best.path };
}
