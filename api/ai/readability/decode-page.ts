/** The charset a page names in its first bytes (`<meta charset>` or the http-equiv form). */
function sniffMetaCharset(head: string): string | undefined {
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
}

function decoderFor(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * A page's bytes as text: a byte-order mark first, then the HTTP charset, then the page's own
 * `<meta>` (many Chinese pages are GBK or GB18030 and say so only there), else UTF-8.
 */
export function decodePage(body: Buffer, httpCharset: string | undefined, html: boolean): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder('utf-8').decode(body);
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body);
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder('utf-16be').decode(body);
  const label = httpCharset ?? (html ? sniffMetaCharset(body.subarray(0, 4096).toString('latin1')) : undefined);
  return decoderFor(label).decode(body);
}
