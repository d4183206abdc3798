import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';

const run = promisify(execFile);

/** Text of a PDF as pdftotext (poppler) extracts it. */
export async function pdfText(file: string): Promise<string> {
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
}

export async function pdfPages(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? NaN);
}

/** Number of images drawn in the PDF (pdfimages -list, soft masks not counted). */
export async function pdfImageCount(file: string): Promise<number> {
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout.split('\n').slice(2).filter((line) => /\s(image|stencil)\s/.test(line)).length;
}

/**
 * CIDs of the glyphs embedded from CID-keyed CJK fonts: LibreOffice writes their subsets as
 * Type 1 programs whose glyphs are named `cidNNNNN`. The CID tells which regional form of a
 * Han character was drawn, which the font name ("NotoSansCJKjp" for every face of the
 * collection) does not.
 */
export async function embeddedCids(file: string): Promise<Set<number>> {
  const pdf = await readFile(file);
  const cids = new Set<number>();
  let at = 0;
  while ((at = pdf.indexOf('stream', at)) >= 0) {
    let start = at + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    const end = pdf.indexOf('endstream', start);
    if (end < 0) break;
    at = end + 9;
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!body.startsWith('%!FontType1')) continue;
    for (const match of body.matchAll(/\/cid(\d+) put/g)) cids.add(Number(match[1]));
  }
  return cids;
}
