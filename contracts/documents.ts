import { z } from 'zod';
import { isCardKey } from './pdf-tools.js';
import { SHOWN_CONVERSION_STATUSES } from './statuses.js';

/** A conversion status as clients see it (contracts/statuses.ts). */
const shownStatusSchema = z.literal(SHOWN_CONVERSION_STATUSES);

export const HISTORY_PAGE_SIZE = 6;
/** Uploads and results are deleted, and records shown expired, this long after upload (spec §9). */
export const FILE_RETENTION_MS = 3 * 60 * 60 * 1000;

/** A conversion's card key or a PDF tool's (contracts/pdf-tools.ts). */
export const convertTypeSchema = z.string().refine(isCardKey, { error: 'validation.convertTypeInvalid' });

const fileNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'validation.fileNameInvalid' })
  .max(255, { error: 'validation.fileNameInvalid' })
  .refine((n) => !/[\\/\0]/.test(n), { error: 'validation.fileNameInvalid' });

export const fileMetaSchema = z.object({
  name: fileNameSchema,
  size: z.number().int().min(0, { error: 'validation.fileSizeInvalid' }),
});

export const browserConvertRequestSchema = z.object({
  convertType: convertTypeSchema,
  engine: z.literal('browser'),
  files: z.array(fileMetaSchema).min(1, { error: 'validation.filesRequired' }).max(500),
});

export const serverConvertRequestSchema = z.object({ documentId: z.string().min(1).max(64) });

export const convertRequestSchema = z.union([browserConvertRequestSchema, serverConvertRequestSchema]);
export type ConvertRequest = z.infer<typeof convertRequestSchema>;

export const convertAnswerSchema = z.object({ documentId: z.string(), status: shownStatusSchema });

/** A browser conversion reports how it ended: success records the results, failure refunds once. */
export const completeRequestSchema = z.object({
  success: z.boolean(),
  reason: z.string().max(200).optional(),
  files: z.array(fileMetaSchema).max(500).optional(),
});

/** A PDF page without a usable text layer that OCR read (1-based), and Tesseract's mean confidence (0-100) on its characters. */
export const recognisedPageSchema = z.object({ page: z.number().int().positive(), confidence: z.number().min(0).max(100) });
export type RecognisedPage = z.infer<typeof recognisedPageSchema>;

export const fileInfoSchema = z.object({
  convertFileName: z.string(),
  /** Empty for results that never left the user's device. */
  convertFileUrl: z.string(),
  /** ISO time after which the file is gone. */
  validityPeriod: z.string(),
  status: shownStatusSchema,
  /** PDF pages without a usable text layer that OCR read, and Tesseract's mean confidence (0-100) on each; absent when none. */
  recognised: z.array(recognisedPageSchema).optional(),
});

export const historySchema = z.object({
  documentId: z.string(),
  status: shownStatusSchema,
  gmtCreate: z.string(),
  engine: z.enum(['browser', 'server']),
  reason: z.string().nullable(),
  input: z.object({ files: z.array(fileMetaSchema) }),
  output: z.object({
    convertType: z.string(),
    status: shownStatusSchema,
    filesInfos: z.array(fileInfoSchema),
  }),
  expired: z.boolean(),
});
export type History = z.infer<typeof historySchema>;

export const historyPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(HISTORY_PAGE_SIZE),
});

export const historyPageSchema = z.object({ list: z.array(historySchema), total: z.number().int() });

export const submitAnswerSchema = z.object({
  documentId: z.string(),
  files: z.array(z.object({ fileId: z.string(), name: z.string(), size: z.number().int() })),
});
