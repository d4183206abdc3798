// The page model that analyzePdf (pdf-analyze.ts) builds and every PDF writer reads. It lives
// apart from the analysis so the steps analyzePdf calls (headings, column breaks) can name it
// without importing their caller back (no cycles: .dependency-cruiser.cjs).
import type { Fill, Rule } from './pdf-paths';
import type { ImagePlacement } from './pdf-graphics';
import type { PngImage } from './pdf-images';
import type { Block } from './pdf-layout-blocks';
import type { Line } from './pdf-layout-lines';
import type { Paragraph } from './pdf-paragraphs';
import type { Table } from './pdf-table-model';
import type { RecognisedPage } from './types';

export interface PageImage extends ImagePlacement {
  image: PngImage;
}

/** What a reader meets on a page, in reading order. */
export type FlowItem =
  | { kind: 'paragraph'; paragraph: Paragraph }
  | { kind: 'table'; table: Table }
  | { kind: 'image'; image: PageImage };

export interface PdfPage {
  number: number;
  width: number;
  height: number;
  /** Text blocks and tables in reading order (tables as blocks of their cell lines). */
  blocks: Block[];
  flow: FlowItem[];
  lines: Line[];
  /** Coloured bars and cell backgrounds, for shading the text on them. */
  fills: Fill[];
  /** Horizontal and vertical lines drawn on the page (table borders, underlines), for PPT. */
  rules?: Rule[];
  /** A scanned page read by OCR: the ids of the scan's images, left out since its text replaces them. */
  scanImages?: string[];
}

export interface PdfDocumentModel {
  pages: PdfPage[];
  /** The size most of the text is set in. */
  bodySize: number;
  /** Pages without a readable text layer that OCR read (empty without a recogniser). */
  recognised: RecognisedPage[];
}
