import { z } from 'zod';

/** The one message of a PDF tool option that does not fit its schema (the tool's form says which field). */
export const PDF_OPTIONS_INVALID = { error: 'validation.pdfOptionsInvalid' };
const invalid = PDF_OPTIONS_INVALID;

/**
 * Page ranges as people type them: `1-3, 5, 8-` (1-based, `8-` to the end). Checked against the
 * page count by the engine (engines/pdf/page-ranges.ts); here only the shape.
 */
export const pageRangesSchema = z
  .string(invalid)
  .trim()
  .min(1, invalid)
  .max(500, invalid)
  .regex(/^\s*\d+\s*(-\s*\d*\s*)?(,\s*\d+\s*(-\s*\d*\s*)?)*$/, invalid);
