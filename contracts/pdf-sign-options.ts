import { z } from 'zod';
import { PDF_OPTIONS_INVALID as invalid } from './pdf-page-ranges.js';

/** A PNG as a data URL: the base64 must open with the PNG signature (`\x89PNG\r\n\x1a\n`). */
const pngDataUrl = z.string(invalid).max(2_000_000, invalid).regex(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+$/, invalid);
const share = z.number(invalid).min(0, invalid).max(1, invalid);

/** A box as shares of the page's width and height from its top left, as the page is shown (after its /Rotate). */
const boxShape = { x: share, y: share, width: share.gt(0, invalid), height: share.gt(0, invalid) };
const inPage = (b: { x: number; y: number; width: number; height: number }) => b.x + b.width <= 1.0001 && b.y + b.height <= 1.0001;

const placementSchema = z
  .object({ page: z.number(invalid).int(invalid).min(1, invalid).max(100_000, invalid), ...boxShape })
  .strict()
  .refine(inPage, invalid);

/**
 * The date is drawn as real text in Helvetica (so it can be searched and copied), which holds
 * Latin-1 only: the page writes it with digits (2026/11/28 in Chinese too).
 */
const dateText = z.string(invalid).trim().min(1, invalid).max(40, invalid).regex(/^[\x20-\x7e\u00a0-\u00ff]+$/, invalid);

/** Signing runs on the device only: the signature image never leaves it. */
export const signOptionsSchema = z
  .object({
    signature: pngDataUrl,
    placements: z.array(placementSchema, invalid).min(1, invalid).max(1_000, invalid),
    /** Initials on every page, at the same spot of each. */
    initials: z
      .object({ image: pngDataUrl, ...boxShape })
      .strict()
      .refine(inPage, invalid)
      .optional(),
    /** A date text drawn under each signature. */
    date: dateText.optional(),
  })
  .strict();
