import { z } from 'zod';
import { PDF_OPTIONS_INVALID as invalid } from './pdf-page-ranges.js';

/**
 * Redaction as the user approved it: boxes on pages, in PDF points from the page's top left
 * (the page found the hits of the terms and patterns, the user kept or dropped each, and drew
 * boxes of their own). Everything under a box is removed: text, image pixels, drawings.
 */
export const redactOptionsSchema = z
  .object({
    regions: z
      .array(
        z
          .object({
            page: z.number(invalid).int(invalid).min(1, invalid).max(100_000, invalid),
            x: z.number(invalid).min(-10_000, invalid).max(100_000, invalid),
            y: z.number(invalid).min(-10_000, invalid).max(100_000, invalid),
            width: z.number(invalid).positive(invalid).max(100_000, invalid),
            height: z.number(invalid).positive(invalid).max(100_000, invalid),
          })
          .strict(),
        invalid,
      )
      .min(1, invalid)
      .max(10_000, invalid),
    /** Also clear the document's metadata (title, author, XMP). */
    removeMetadata: z.boolean(invalid).default(true),
  })
  .strict();
