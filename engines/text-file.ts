/**
 * The text of a file people save as "text" (CSV, Markdown): UTF-8 first (its BOM dropped), then
 * UTF-16 when a BOM says so, then GB18030, the encoding Excel uses for "CSV" on Chinese Windows.
 * Null for bytes that are none of these, or that hold NUL and other C0 controls (tab, CR, LF
 * aside), which never occur in real text files: a binary file.
 */
export function decodeTextFile(bytes: Uint8Array): string | null {
  const attempts: string[] = bytes[0] === 0xff && bytes[1] === 0xfe ? ['utf-16le'] : bytes[0] === 0xfe && bytes[1] === 0xff ? ['utf-16be'] : ['utf-8', 'gb18030'];
  for (const encoding of attempts) {
    let text: string;
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      continue;
    }
    // eslint-disable-next-line no-control-regex -- control characters are the sign of a binary file
    if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) return null;
    return text;
  }
  return null;
}
