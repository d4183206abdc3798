import { z } from 'zod';
import { adminPageOf, adminPageQuerySchema } from './common.js';

/**
 * The writing (AI) tools of spec §1, seeded by the migration: the QA customer-service bot, the
 * reading assistant (web and PDF reading, translation), the AI image tools (clarity, portrait
 * crop, bulk watermark) and web process automation; the video tools (issue 13) spend quota the
 * same way and sit in the same table. The issues that build each tool define the
 * fields of its `config` (docs/admin-products.md).
 */
export const WRITING_TOOL_IDS = ['qa-bot', 'reading-assistant', 'ai-image', 'automation', 'video-tools'] as const;
export type WritingToolId = (typeof WRITING_TOOL_IDS)[number];

/** A tool's configuration is a JSON object of at most this many bytes (UTF-8). */
export const WRITING_TOOL_CONFIG_MAX_BYTES = 8 * 1024;
/** The most TYPE_API units one use may cost. */
export const WRITING_TOOL_MAX_COST = 100_000;

export type WritingToolConfig = Record<string, unknown>;

export const writingToolSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string(),
  enabled: z.boolean(),
  /** TYPE_API units one use spends. */
  cost: z.number().int(),
  config: z.record(z.string(), z.unknown()),
  /** ISO time of staff's last change, or null. */
  updatedAt: z.string().nullable(),
});
export type WritingTool = z.infer<typeof writingToolSchema>;

export const writingToolQuerySchema = adminPageQuerySchema;
export type WritingToolQuery = z.infer<typeof writingToolQuerySchema>;

export const writingToolPageSchema = adminPageOf(writingToolSchema);
export type WritingToolPage = z.infer<typeof writingToolPageSchema>;

export const writingToolParamSchema = z.object({ toolId: z.string().trim().min(1).max(40) });

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** A JSON object (not an array, not null) that serialises to at most WRITING_TOOL_CONFIG_MAX_BYTES. */
export const writingToolConfigSchema = z
  .record(z.string(), z.unknown(), { error: 'adminProducts.validation.configNotObject' })
  .refine((v) => byteLength(JSON.stringify(v)) <= WRITING_TOOL_CONFIG_MAX_BYTES, { error: 'adminProducts.validation.configTooLarge' });

export const writingToolUpdateSchema = z
  .object({
    enabled: z.boolean({ error: 'validation.invalid' }).optional(),
    cost: z
      .number({ error: 'adminProducts.validation.costInvalid' })
      .int({ error: 'adminProducts.validation.costInvalid' })
      .min(1, { error: 'adminProducts.validation.costInvalid' })
      .max(WRITING_TOOL_MAX_COST, { error: 'adminProducts.validation.costInvalid' })
      .optional(),
    config: writingToolConfigSchema.optional(),
  })
  .refine((v) => v.enabled !== undefined || v.cost !== undefined || v.config !== undefined, { error: 'adminProducts.validation.nothingToChange', path: ['enabled'] });
export type WritingToolUpdate = z.infer<typeof writingToolUpdateSchema>;

/** What other code reads of a tool (writingToolSettings). */
export interface WritingToolSettings {
  enabled: boolean;
  cost: number;
  config: WritingToolConfig;
}
