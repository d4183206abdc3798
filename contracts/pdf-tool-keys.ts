/**
 * The PDF tools' card keys (API.md, PDF tools), apart from their specs (contracts/pdf-tools.ts) so
 * that the catalogue's card type can name them without importing the specs.
 */
export const PDF_TOOL_KEYS = [
  'pdf-merge',
  'pdf-split',
  'pdf-organize',
  'pdf-compress',
  'pdf-protect',
  'pdf-unlock',
  'pdf-page-numbers',
  'pdf-watermark',
  'pdf-sign',
  'pdf-redact',
  'pdf-compare',
  'pdf-ocr',
  'image-to-pdf',
  'pdf-to-image',
  /** Added beside API.md's list (docs/api-additions.md): rebuild a damaged file, optionally for fast web view. */
  'pdf-repair',
] as const;
export type PdfToolKey = (typeof PDF_TOOL_KEYS)[number];

export const isPdfToolKey = (key: string): key is PdfToolKey => (PDF_TOOL_KEYS as readonly string[]).includes(key);
