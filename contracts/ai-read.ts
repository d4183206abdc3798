import { z } from 'zod';

/**
 * The reading assistant's server calls (API.md "AI"): a web page read by URL into paragraphs,
 * and translation of paragraphs (needs the LLM endpoint; 50302 without it). The reader UI
 * (src/features/reader) and the API (api/routes/ai-read.routes.ts) share these schemas.
 */

export const READ_LANGS = ['en', 'zh'] as const;
export type ReadLang = (typeof READ_LANGS)[number];

/** A paragraph of a document or page, with an id stable within that document. */
export const paragraphSchema = z.object({ id: z.string().min(1).max(64), text: z.string() });
export type Paragraph = z.infer<typeof paragraphSchema>;

export const readUrlRequestSchema = z.object({
  url: z
    .string({ error: 'validation.urlInvalid' })
    .trim()
    .max(2048, { error: 'validation.urlInvalid' })
    .url({ error: 'validation.urlInvalid' })
    .refine((u) => /^https?:\/\//i.test(u), { error: 'validation.urlInvalid' }),
});
export type ReadUrlRequest = z.infer<typeof readUrlRequestSchema>;

export const readUrlResultSchema = z.object({
  title: z.string(),
  byline: z.string().optional(),
  lang: z.string(),
  paragraphs: z.array(paragraphSchema),
});
export type ReadUrlResult = z.infer<typeof readUrlResultSchema>;

export const translateRequestSchema = z.object({
  from: z.enum(READ_LANGS),
  to: z.enum(READ_LANGS),
  segments: z.array(paragraphSchema).min(1).max(200),
});
export type TranslateRequest = z.infer<typeof translateRequestSchema>;

export const translateResultSchema = z.object({
  segments: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type TranslateResult = z.infer<typeof translateResultSchema>;
