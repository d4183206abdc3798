import type { OcrOptions } from '@contracts/pdf-tools.js';
import { PdfToolError } from './pdf-tool-error.js';
import type { ToolLimits } from './run-tool.js';

/** Searchable scans with OCRmyPDF and Tesseract (issue 30). Placeholder until built. */
export async function ocrPdf(_input: string, _output: string, _options: OcrOptions, _limits: ToolLimits): Promise<void> {
  throw new PdfToolError('failed', 'OCR is not built yet');
}
