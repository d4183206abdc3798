import { z } from 'zod';
import { PDF_OPTIONS_INVALID as invalid, pageRangesSchema } from './pdf-page-ranges.js';

/** Where a stamp sits on the page; `tile` (watermark only) repeats it across the page. */
export const STAMP_POSITIONS = ['top-left', 'top-center', 'top-right', 'middle-left', 'center', 'middle-right', 'bottom-left', 'bottom-center', 'bottom-right'] as const;

const colorSchema = z.string(invalid).regex(/^#[0-9a-fA-F]{6}$/, invalid);

/** Page numbers: a template with `{n}` (this page's number) and `{total}`, in any language. */
export const pageNumbersOptionsSchema = z
  .object({
    template: z.string(invalid).trim().min(1, invalid).max(100, invalid).regex(/\{n\}/, invalid).default('{n}'),
    position: z.enum(STAMP_POSITIONS, invalid).default('bottom-center'),
    /** The number the first numbered page gets. */
    startAt: z.number(invalid).int(invalid).min(0, invalid).max(100_000, invalid).default(1),
    fontSize: z.number(invalid).min(6, invalid).max(72, invalid).default(11),
    color: colorSchema.default('#000000'),
    marginMm: z.number(invalid).min(0, invalid).max(50, invalid).default(10),
    /** Which pages get a number; all when absent. */
    pages: pageRangesSchema.optional(),
  })
  .strict();

/**
 * The longest image data URL: the options field is at most 64 KB (api/services/upload.service.ts),
 * so about 44 KB of picture. The page shrinks a larger picture to fit before sending it.
 */
export const WATERMARK_IMAGE_MAX_CHARS = 60_000;

/** A watermark image as a data URL whose bytes really are the PNG or JPEG it says (their signatures in base64). */
const imageDataUrlSchema = z
  .string(invalid)
  .max(WATERMARK_IMAGE_MAX_CHARS, invalid)
  .regex(/^data:image\/(png;base64,iVBORw0KGgo|jpeg;base64,\/9j\/)[A-Za-z0-9+/]*={0,2}$/, invalid);

export const watermarkOptionsSchema = z
  .object({
    /** The text (any script: Chinese, Japanese, Korean, Arabic…) or an image; exactly one of them. */
    text: z.string(invalid).trim().min(1, invalid).max(200, invalid).optional(),
    image: imageDataUrlSchema.optional(),
    position: z.enum([...STAMP_POSITIONS, 'tile'], invalid).default('center'),
    fontSize: z.number(invalid).min(6, invalid).max(200, invalid).default(48),
    /** The image's width as a share of the page's width. */
    imageScale: z.number(invalid).min(0.02, invalid).max(1, invalid).default(0.3),
    color: colorSchema.default('#808080'),
    opacity: z.number(invalid).min(0.05, invalid).max(1, invalid).default(0.3),
    /** Degrees counter-clockwise. */
    rotation: z.number(invalid).min(-180, invalid).max(180, invalid).default(45),
    pages: pageRangesSchema.optional(),
  })
  .strict()
  .refine((o) => (o.text === undefined) !== (o.image === undefined), invalid);
