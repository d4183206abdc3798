// The table shapes the table finders (ruled, aligned) produce and the writers read. Apart from
// pdf-tables.ts so the finders it calls can name them without importing their caller back.
import type { Line } from './pdf-layout-lines';

export interface TableCell {
  lines: Line[];
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

/** A table rebuilt from the page: a grid of column and row boundaries and the cells on it. */
export interface Table {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Column boundaries, left to right (columns + 1 values). */
  columns: number[];
  /** Row boundaries, top to bottom (rows + 1 values). */
  rows: number[];
  /** Cells in row-major order; positions covered by a span have no cell of their own. */
  cells: TableCell[];
  /** Drawn with ruling lines (kept as borders) rather than found from text alignment. */
  ruled: boolean;
  /** Leading rows the PDF repeats on every page the table runs onto (set by the Word writer). */
  headerRows?: number;
}

export interface TableSearch {
  tables: Table[];
  /** The lines that belong to no table. */
  rest: Line[];
}
