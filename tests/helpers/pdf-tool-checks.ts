import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PDF tool's result read back by tools we did not write: qpdf for structure, poppler's pdfinfo
 * for pages, sizes and rotation, pdftotext for the text of each page. `withFile` hands the bytes
 * to such a tool as a file of its own, removed afterwards.
 */
export function withFile<T>(bytes: Uint8Array, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-check-'));
  try {
    const file = path.join(dir, 'check.pdf');
    writeFileSync(file, bytes);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check`: exit 0 means no syntax or stream errors (3 would be warnings, 2 errors). */
export function qpdfCheck(bytes: Uint8Array): { status: number | null; output: string } {
  return withFile(bytes, (file) => {
    const res = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    return { status: res.status, output: `${res.stdout}${res.stderr}` };
  });
}

export interface PageInfo {
  /** Points, as pdfinfo prints them (unrotated). */
  width: number;
  height: number;
  rotation: number;
}

/** Every page's size and rotation, from `pdfinfo -f 1 -l <last>`. */
export function pdfPages(bytes: Uint8Array): PageInfo[] {
  return withFile(bytes, (file) => {
    const count = Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]))?.[1] ?? NaN);
    const info = run('pdfinfo', ['-f', '1', '-l', String(count), file]);
    return Array.from({ length: count }, (_, i) => {
      const size = new RegExp(`^Page\\s+${i + 1} size:\\s+([\\d.]+) x ([\\d.]+)`, 'm').exec(info);
      const rot = new RegExp(`^Page\\s+${i + 1} rot:\\s+(\\d+)`, 'm').exec(info);
      return { width: Number(size?.[1]), height: Number(size?.[2]), rotation: Number(rot?.[1]) };
    });
  });
}

/** Each page's text from `pdftotext` (pages end with a form feed), whitespace collapsed. */
export function pdfPageTexts(bytes: Uint8Array): string[] {
  return withFile(bytes, (file) => {
    const pages = run('pdftotext', [file, '-']).split('\f');
    pages.pop();
    return pages.map((p) => p.replace(/\s+/g, ' ').trim());
  });
}

/** The image XObjects `pdfimages -list` finds: page, pixel size and encoding (`jpeg`, `image`, `smask`). */
export function pdfImages(bytes: Uint8Array): Array<{ page: number; type: string; width: number; height: number; enc: string }> {
  return withFile(bytes, (file) =>
    run('pdfimages', ['-list', file])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const [page, , type, width, height, , , , enc] = line.trim().split(/\s+/);
        return { page: Number(page), type: type ?? '', width: Number(width), height: Number(height), enc: enc ?? '' };
      }),
  );
}

/** One page rendered by pdftoppm at 72 dpi as raw RGB (PPM), to look at the colour in a spot. */
export function renderPage(bytes: Uint8Array, page: number): { width: number; height: number; rgb: (x: number, y: number) => [number, number, number] } {
  return withFile(bytes, (file) => {
    const res = spawnSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), file], { maxBuffer: 256 * 1024 * 1024 });
    if (res.status !== 0) throw new Error(`pdftoppm failed: ${String(res.stderr)}`);
    const ppm = res.stdout;
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('pdftoppm gave no P6 image');
    const width = Number(header[1]);
    const height = Number(header[2]);
    const start = header[0].length;
    return {
      width,
      height,
      rgb: (x, y) => {
        const at = start + (y * width + x) * 3;
        return [ppm[at] ?? 0, ppm[at + 1] ?? 0, ppm[at + 2] ?? 0];
      },
    };
  });
}

/** Each page's annotation objects (`7 0 R`), as qpdf's JSON lists them; an annotation on two pages shows twice. */
export function pageAnnotations(bytes: Uint8Array): string[][] {
  return withFile(bytes, (file) => {
    const json = JSON.parse(run('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', file])) as {
      pages: Array<{ object: string }>;
      qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>];
    };
    const objects = json.qpdf[1];
    const resolve = (ref: unknown): unknown => (typeof ref === 'string' && / R$/.test(ref) ? objects[`obj:${ref}`]?.value : ref);
    return json.pages.map((page) => {
      const pageDict = objects[`obj:${page.object}`]?.value ?? {};
      const annots = resolve(pageDict['/Annots']);
      return Array.isArray(annots) ? annots.map(String) : [];
    });
  });
}

function run(tool: string, args: string[]): string {
  const res = spawnSync(tool, args, { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${res.status}): ${res.stderr}`);
  return res.stdout;
}
