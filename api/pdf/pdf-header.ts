import { open } from 'node:fs/promises';
import { PdfToolError } from './pdf-tool-error.js';

/**
 * Refuses a file with no `%PDF-` in its first kilobyte as `unreadable`, before a tool that takes
 * other formats too is handed it: Ghostscript runs anything else as PostScript, and OCRmyPDF
 * turns a JPEG named .pdf into a PDF.
 */
export async function assertPdfHeader(input: string): Promise<void> {
  const file = await open(input, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    if (!head.subarray(0, bytesRead).includes('%PDF-')) throw new PdfToolError('unreadable', 'the file is not a PDF');
  } finally {
    await file.close();
  }
}
