import { z } from 'zod';
import { PDF_OPTIONS_INVALID as invalid } from './pdf-page-ranges.js';

/** Tesseract's names for the languages shipped (Debian's tesseract-ocr-eng and -chi-sim). */
export const OCR_LANGUAGES = ['eng', 'chi_sim'] as const;

/** Searchable scans: OCRmyPDF adds an invisible text layer; pages that already have text are left as they are. */
export const ocrOptionsSchema = z
  .object({
    languages: z.array(z.enum(OCR_LANGUAGES, invalid), invalid).min(1, invalid).max(OCR_LANGUAGES.length, invalid).default(['eng', 'chi_sim']),
    /** Straighten pages scanned askew. */
    deskew: z.boolean(invalid).default(false),
  })
  .strict();
