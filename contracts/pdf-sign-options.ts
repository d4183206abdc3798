import { z } from 'zod';
import { PDF_OPTIONS_INVALID as invalid } from './pdf-page-ranges.js';

const pngDataUrl = z.string(invalid).max(2_000_000, invalid).regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, invalid);
const share = z.number(invalid).min(0, invalid).max(1, invalid);

/** A box on a page as shares of the page's width and height from its top left. */
const placementSchema = z.object({ page: z.number(invalid).int(invalid).min(1, invalid).max(100_000, invalid), x: share, y: share, width: share, height: share }).strict();

/** Signing runs on the device only: the signature image never leaves it. */
export const signOptionsSchema = z
  .object({
    signature: pngDataUrl,
    placements: z.array(placementSchema, invalid).min(1, invalid).max(1_000, invalid),
    /** Initials on every page, at the same spot of each. */
    initials: z.object({ image: pngDataUrl, x: share, y: share, width: share, height: share }).strict().optional(),
    /** A date text (as the user's locale writes it) drawn under each signature. */
    date: z.string(invalid).trim().min(1, invalid).max(40, invalid).optional(),
  })
  .strict();
