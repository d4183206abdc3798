/**
 * Whether a page's extracted text is unusable, so the page should be read by OCR instead:
 * no text at all, `(cid:123)` placeholders (fonts without a Unicode map), or mostly
 * replacement, private-use and control characters.
 */
export function needsOcr(text: string): boolean {
  const compact = text.replace(/\s+/gu, '');
  if (compact.length < 3) return true;
  const cid = compact.match(/\(cid:\d+\)/gu)?.join('').length ?? 0;
  const junk = compact.match(/[\ufffd\ue000-\uf8ff\p{Cc}]/gu)?.length ?? 0;
  return (cid + junk) / compact.length > 0.3;
}
