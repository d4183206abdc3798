import { z } from 'zod';
import { ENGINE_PREFERENCES, FEATURE_IDS } from '../convert-catalogue.js';
import { adminPageOf, adminPageQuerySchema } from './common.js';

/** The largest size cap staff may set on a card: 10 GB (a package's own cap is usually far lower). */
export const CONVERT_TOOL_MAX_CAP = 10 * 1024 * 1024 * 1024;

/** One conversion card as the conversion-tools page lists it, with staff's settings. */
export const convertToolSchema = z.object({
  /** Card key, e.g. `pdf-to-word`. */
  key: z.string(),
  source: z.enum(FEATURE_IDS),
  target: z.string(),
  targetExtensions: z.array(z.string()),
  acceptedExtensions: z.array(z.string()),
  /** Offered on the site: the card's switch and its source's. */
  enabled: z.boolean(),
  engine: z.enum(ENGINE_PREFERENCES),
  /** Bytes; null: only the package's cap. */
  maxFileSize: z.number().int().nullable(),
  /** Where files run with `auto` (the engine table): all in the browser, all on the server, or some of each. */
  autoEngine: z.enum(['browser', 'server', 'mixed']),
  /** Whether the engine table lets this card be forced to `browser`. */
  browserCapable: z.boolean(),
  /** ISO time of staff's last change, or null. */
  updatedAt: z.string().nullable(),
  /** A PDF tool (contracts/pdf-tools.ts): switch and size cap as a conversion's; it runs where it is built, so its engine is fixed. */
  tool: z.boolean(),
});
export type ConvertTool = z.infer<typeof convertToolSchema>;

export const convertToolQuerySchema = adminPageQuerySchema.extend({
  /** Only the cards of one source type. */
  source: z.enum(FEATURE_IDS, { error: 'validation.invalid' }).optional(),
  pageSize: adminPageQuerySchema.shape.pageSize.default(100),
});
export type ConvertToolQuery = z.infer<typeof convertToolQuerySchema>;

export const convertToolPageSchema = adminPageOf(convertToolSchema);
export type ConvertToolPage = z.infer<typeof convertToolPageSchema>;

export const convertToolParamSchema = z.object({ convertType: z.string().trim().min(1).max(40) });

/** A change to one card: any of its settings; at least one. */
export const convertToolUpdateSchema = z
  .object({
    enabled: z.boolean({ error: 'validation.invalid' }).optional(),
    engine: z.enum(ENGINE_PREFERENCES, { error: 'validation.invalid' }).optional(),
    maxFileSize: z
      .number({ error: 'adminProducts.validation.capInvalid' })
      .int({ error: 'adminProducts.validation.capInvalid' })
      .min(1, { error: 'adminProducts.validation.capInvalid' })
      .max(CONVERT_TOOL_MAX_CAP, { error: 'adminProducts.validation.capInvalid' })
      .nullable()
      .optional(),
  })
  .refine((v) => v.enabled !== undefined || v.engine !== undefined || v.maxFileSize !== undefined, { error: 'adminProducts.validation.nothingToChange', path: ['enabled'] });
export type ConvertToolUpdate = z.infer<typeof convertToolUpdateSchema>;
