import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * Glyph ids of a character in every face of the installed Noto CJK collections (.ttc), read
 * from each face's cmap (format 12). In these collections the glyph id is the CID, so the
 * result says which CID each regional face (SC, TC, HK, JP, KR) draws for the character.
 */
export type FaceGlyphs = Array<{ face: string; gid: number }>;

function faceOffsets(ttc: Buffer): number[] {
  if (ttc.toString('latin1', 0, 4) !== 'ttcf') return [0];
  const count = ttc.readUInt32BE(8);
  return Array.from({ length: count }, (_, i) => ttc.readUInt32BE(12 + 4 * i));
}

function tables(font: Buffer, offset: number): Map<string, number> {
  const found = new Map<string, number>();
  const count = font.readUInt16BE(offset + 4);
  for (let i = 0; i < count; i++) {
    const record = offset + 12 + 16 * i;
    found.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  return found;
}

function postscriptName(font: Buffer, table: number): string {
  const count = font.readUInt16BE(table + 2);
  const strings = table + font.readUInt16BE(table + 4);
  for (let i = 0; i < count; i++) {
    const record = table + 6 + 12 * i;
    if (font.readUInt16BE(record + 6) !== 6) continue;
    const bytes = font.subarray(strings + font.readUInt16BE(record + 10), strings + font.readUInt16BE(record + 10) + font.readUInt16BE(record + 8));
    return font.readUInt16BE(record) === 3 ? bytes.swap16().toString('utf16le') : bytes.toString('latin1');
  }
  return '?';
}

function glyphOf(font: Buffer, cmap: number, codePoint: number): number | undefined {
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const sub = cmap + font.readUInt32BE(cmap + 4 + 8 * i + 4);
    if (font.readUInt16BE(sub) !== 12) continue;
    const groups = font.readUInt32BE(sub + 12);
    for (let g = 0; g < groups; g++) {
      const at = sub + 16 + 12 * g;
      const [first, last, glyph] = [font.readUInt32BE(at), font.readUInt32BE(at + 4), font.readUInt32BE(at + 8)];
      if (codePoint >= first && codePoint <= last) return glyph + codePoint - first;
    }
  }
  return undefined;
}

/** The regular-weight Noto CJK collections fontconfig knows about. */
export async function notoCjkCollections(): Promise<string[]> {
  const { stdout } = await promisify(execFile)('fc-list', ['-f', '%{file}\n']).catch(() => ({ stdout: '' }));
  return [...new Set(stdout.split('\n').filter((file) => /Noto(Sans|Serif)CJK-Regular\.ttc$/.test(file)))];
}

export async function faceGlyphs(character: string): Promise<FaceGlyphs> {
  const result: FaceGlyphs = [];
  for (const file of await notoCjkCollections()) {
    const font = await readFile(file);
    for (const offset of faceOffsets(font)) {
      const found = tables(font, offset);
      const cmap = found.get('cmap');
      const name = found.get('name');
      if (cmap === undefined || name === undefined) continue;
      const gid = glyphOf(font, cmap, character.codePointAt(0) as number);
      if (gid !== undefined) result.push({ face: postscriptName(font, name), gid });
    }
  }
  return result;
}

/**
 * Which forms of `han` a PDF draws, given its embedded CIDs: `simplified` when the Simplified
 * Chinese (SC) glyph is among them, `other` the faces whose different glyph (JP, TC, HK, KR) is.
 */
export async function formsDrawn(han: string, cids: Set<number>): Promise<{ simplified: boolean; other: string[] }> {
  const faces = await faceGlyphs(han);
  const sc = new Set(faces.filter((f) => /CJKsc-/.test(f.face)).map((f) => f.gid));
  return {
    simplified: [...sc].some((gid) => cids.has(gid)),
    other: faces.filter((f) => !sc.has(f.gid) && cids.has(f.gid)).map((f) => f.face),
  };
}
