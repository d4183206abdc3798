import { z } from 'zod';

/**
 * The reading assistant's server calls (API.md "AI"): a web page read by URL into paragraphs,
 * and translation of paragraphs (needs the LLM endpoint; 50302 without it). The reader UI
 * (src/features/reading) and the API (api/routes/ai-read.routes.ts) share these schemas.
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

/**
 * Characters of source text one translation request may carry, and the allowance of one charged
 * page: a page's retries and re-sent paragraphs are free until the model has been sent this much.
 */
export const TRANSLATE_PAGE_CHARS = 20_000;

/**
 * The page a translation request belongs to (added to API.md's shape): a user is charged one
 * TYPE_API use per page (`documentKey` + `number`) the first time it needs the model; without
 * it, each request that needs the model is its own page. The reader pane cuts its paragraphs
 * into pages of at most 20 paragraphs and 4,000 characters (src/features/reading/translation/pages.ts).
 */
export const translatePageSchema = z.object({
  documentKey: z.string().min(1).max(128),
  number: z.number().int().min(0).max(1_000_000),
});
export type TranslatePage = z.infer<typeof translatePageSchema>;

export const translateRequestSchema = z
  .object({
    from: z.enum(READ_LANGS),
    to: z.enum(READ_LANGS),
    segments: z.array(paragraphSchema).min(1).max(200),
    page: translatePageSchema.optional(),
  })
  .refine((r) => r.from !== r.to, { error: 'validation.translateSameLanguage', path: ['to'] })
  .refine((r) => new Set(r.segments.map((s) => s.id)).size === r.segments.length, { error: 'validation.translateDuplicateIds', path: ['segments'] })
  .refine((r) => r.segments.reduce((n, s) => n + s.text.length, 0) <= TRANSLATE_PAGE_CHARS, { error: 'validation.translateTooLong', path: ['segments'] });
export type TranslateRequest = z.infer<typeof translateRequestSchema>;

export const translateResultSchema = z.object({
  segments: z.array(
    z.object({
      id: z.string(),
      /** The translation; the source text itself when `failed`. */
      text: z.string(),
      /** Added: no usable translation came back (after one retry); the reader offers a retry, which is free for the same page. */
      failed: z.literal(true).optional(),
    }),
  ),
});
export type TranslateResult = z.infer<typeof translateResultSchema>;

/** POST /ai/read/export (added): a bilingual document, source and translation paragraph by paragraph. */
export const EXPORT_FORMATS = ['docx', 'pdf'] as const;
export const readExportRequestSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  title: z.string().trim().max(200).default(''),
  from: z.enum(READ_LANGS),
  to: z.enum(READ_LANGS),
  paragraphs: z
    .array(z.object({ source: z.string().max(20_000), translation: z.string().max(40_000) }))
    .min(1)
    .max(5000),
});
export type ReadExportRequest = z.infer<typeof readExportRequestSchema>;
