import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfJsModule = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJsModule> | undefined;

/**
 * pdf.js for the reader's pages, loaded on first use: it parses in its own worker (the
 * self-hosted pdf.worker), and the page draws on canvases with the text layer over them.
 */
export function loadViewerPdfjs(): Promise<PdfJsModule> {
  pdfjs ??= import('pdfjs-dist').then((m) => {
    m.GlobalWorkerOptions.workerSrc = workerUrl;
    return m;
  });
  return pdfjs;
}

export async function openViewerPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const lib = await loadViewerPdfjs();
  return lib.getDocument({
    data: bytes.slice(),
    cMapUrl: '/pdfjs/cmaps/',
    cMapPacked: true,
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    wasmUrl: '/pdfjs/wasm/',
    isEvalSupported: false,
  }).promise;
}

export interface OutlineEntry {
  title: string;
  /** 1-based page number, when the bookmark's destination resolves. */
  page: number | null;
  children: OutlineEntry[];
}

/** The PDF's bookmarks with their destinations resolved to page numbers. */
export async function readOutline(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const outline = await doc.getOutline();
  type Node = NonNullable<typeof outline>[number];
  const resolve = async (node: Node): Promise<OutlineEntry> => {
    let page: number | null = null;
    try {
      const dest: unknown = typeof node.dest === 'string' ? await doc.getDestination(node.dest) : (node.dest as unknown);
      const ref: unknown = Array.isArray(dest) ? (dest as unknown[])[0] : null;
      if (ref && typeof ref === 'object') page = (await doc.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0])) + 1;
      else if (typeof ref === 'number') page = ref + 1;
    } catch {
      page = null;
    }
    return { title: node.title, page, children: await Promise.all((node.items ?? []).map(resolve)) };
  };
  return Promise.all((outline ?? []).map(resolve));
}

/** Each page's plain text (for search), read lazily and kept. */
export async function pageTexts(doc: PDFDocumentProxy): Promise<string[]> {
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    out.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  return out;
}
