import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SYSTEM_CONFIG = '/etc/fonts/fonts.conf';

const preferFor = (generic: string, face: string): string => `
  <match target="pattern">
    <test name="family"><string>${generic}</string></test>
    <edit name="family" mode="append"><string>${face}</string></edit>
  </match>
  <match target="pattern">
    <test name="lang"><string>zh</string></test>
    <test name="family"><string>${generic}</string></test>
    <edit name="family" mode="prepend" binding="strong"><string>${face}</string></edit>
  </match>`;

/**
 * The system configuration plus one preference: when a font lacks a Han glyph and the text
 * declares no language (or plain "zh"), fall back to the Simplified Chinese Noto face. Without
 * it fontconfig picks "Noto Sans CJK JP", whose glyphs differ from what Chinese readers expect.
 * Latin text keeps its usual fonts (the CJK faces are appended after them), and text marked
 * zh-TW, zh-HK, ja or ko keeps its own face.
 */
export function fontconfigXml(): string {
  const include = existsSync(SYSTEM_CONFIG) ? `  <include ignore_missing="yes">${SYSTEM_CONFIG}</include>` : '';
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
${include}${preferFor('sans-serif', 'Noto Sans CJK SC')}${preferFor('serif', 'Noto Serif CJK SC')}${preferFor('monospace', 'Noto Sans Mono CJK SC')}
</fontconfig>
`;
}

/** Writes `<workDir>/fonts.conf` and returns its path, for FONTCONFIG_FILE. */
export async function writeFontconfig(workDir: string): Promise<string> {
  await mkdir(workDir, { recursive: true });
  const file = path.join(workDir, 'fonts.conf');
  await writeFile(file, fontconfigXml());
  return file;
}
