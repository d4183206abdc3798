/** Characters XML 1.0 forbids (control characters other than tab, newline and return). */
// eslint-disable-next-line no-control-regex -- the control characters are what this pattern removes
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text safe inside XML or HTML elements and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Base64 without Node's Buffer, so it runs in a worker too. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Points, rounded for attributes. */
export function pt(value: number): string {
  return String(Math.round(value * 100) / 100);
}
