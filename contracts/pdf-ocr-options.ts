import { z } from 'zod';
import { PDF_OPTIONS_INVALID as invalid } from './pdf-page-ranges.js';

/** Tesseract's names for the languages shipped (Debian's tesseract-ocr-eng and -chi-sim). */
export const OCR_LANGUAGES = ['eng', 'chi_sim'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/**
 * Searchable scans: OCRmyPDF adds an invisible text layer; pages that already have text are left
 * as they are. At least one language, each once (Tesseract reads them as `eng+chi_sim`).
 */
export const ocrOptionsSchema = z
  .object({
    languages: z
      .array(z.enum(OCR_LANGUAGES, invalid), invalid)
      .min(1, invalid)
      .max(OCR_LANGUAGES.length, invalid)
      .refine((languages) => new Set(languages).size === languages.length, invalid)
      .default(['eng', 'chi_sim']),
    /** Straighten pages scanned askew (the page's picture is then redrawn, no longer the original). */
    deskew: z.boolean(invalid).default(false),
  })
  .strict();
