import { z } from 'zod';
import { CONVERT_TYPE_PATTERN } from './convert-type.js';
import type { CardSwitch, ConvertCard } from './convert-catalogue.js';
import { isPdfToolKey, type PdfToolKey } from './pdf-tool-keys.js';
import { PDF_OPTIONS_INVALID, pageRangesSchema } from './pdf-page-ranges.js';
import { compareOptionsSchema } from './pdf-compare-options.js';
import { ocrOptionsSchema } from './pdf-ocr-options.js';
import { redactOptionsSchema } from './pdf-redact-options.js';
import { signOptionsSchema } from './pdf-sign-options.js';
import { pageNumbersOptionsSchema, watermarkOptionsSchema } from './pdf-stamp-options.js';

/**
 * The PDF tools (API.md, PDF tools): card keys, where each runs, what it takes and gives, and the
 * options it accepts. The same catalogue, quota, history and retention as conversions: a tool's
 * key is its `convertType`. Pure data and zod schemas shared by the page, the API and the engines.
 */
export { isPdfToolKey, PDF_TOOL_KEYS, type PdfToolKey } from './pdf-tool-keys.js';
export { pageRangesSchema } from './pdf-page-ranges.js';


/**
 * `browser`: pdf-lib in a worker, nothing uploaded (the server runs the same engine code in its
 * threads when staff force the server); `server`: Ghostscript or qpdf, which have no equal in the
 * browser.
 */
export type PdfToolEngine = 'browser' | 'server';

export interface PdfToolSpec {
  key: PdfToolKey;
  engine: PdfToolEngine;
  /** Extensions the picker accepts. */
  accepts: readonly string[];
  /** The result's extension (a zip when one input gives several files). */
  output: 'pdf' | 'zip';
  /** `many`: all inputs make one result (merge, images to PDF); `each`: one result per input. */
  inputs: 'many' | 'each';
}

const IMAGE_INPUTS = ['jpg', 'jpeg', 'png'] as const;

/** Every tool of API.md's list, in menu order. */
export const PDF_TOOLS: readonly PdfToolSpec[] = [
  { key: 'pdf-merge', engine: 'browser', accepts: ['pdf'], output: 'pdf', inputs: 'many' },
  { key: 'pdf-split', engine: 'browser', accepts: ['pdf'], output: 'zip', inputs: 'each' },
  { key: 'pdf-organize', engine: 'browser', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  { key: 'image-to-pdf', engine: 'browser', accepts: IMAGE_INPUTS, output: 'pdf', inputs: 'many' },
  { key: 'pdf-compress', engine: 'server', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  { key: 'pdf-protect', engine: 'server', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  { key: 'pdf-unlock', engine: 'server', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  { key: 'pdf-to-image', engine: 'browser', accepts: ['pdf'], output: 'zip', inputs: 'each' },
  { key: 'pdf-page-numbers', engine: 'server', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  { key: 'pdf-watermark', engine: 'server', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  { key: 'pdf-sign', engine: 'browser', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  { key: 'pdf-redact', engine: 'server', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  /** Two versions in, one report out: the newer version with its differences marked. */
  { key: 'pdf-compare', engine: 'browser', accepts: ['pdf'], output: 'pdf', inputs: 'many' },
  { key: 'pdf-ocr', engine: 'server', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
  { key: 'pdf-repair', engine: 'server', accepts: ['pdf'], output: 'pdf', inputs: 'each' },
];

export const pdfToolSpec = (key: string): PdfToolSpec | undefined => PDF_TOOLS.find((t) => t.key === key);

/** A conversion card key (`pdf-to-word`) or a PDF tool's (`pdf-merge`): what `convertType` may hold. */
export const isCardKey = (key: string): boolean => CONVERT_TYPE_PATTERN.test(key) || isPdfToolKey(key);

/**
 * A tool as a card of the catalogue, so quota, history, caps and staff's switch treat it like a
 * conversion. `engine` is staff's preference as stored; where the tool runs is the spec's
 * (engines/engine-table.ts `pickEngine`).
 */
export function pdfToolCard(spec: PdfToolSpec, setting: Pick<CardSwitch, 'engine' | 'maxFileSize'> = { engine: 'auto', maxFileSize: null }): ConvertCard {
  return {
    key: spec.key,
    source: 'pdf',
    target: 'pdf',
    targetExtensions: [spec.output],
    acceptedExtensions: [...spec.accepts],
    icon: { letter: 'P', color: '#d93025' },
    engine: setting.engine,
    maxFileSize: setting.maxFileSize,
    tool: spec.key,
  };
}

/**
 * The tool's options as the server keeps them: fields holding a password apart (`secrets`), so
 * that only they are sealed (api/services/sealed-options.ts) and wiped when the job ends.
 */
export function splitSecrets(options: Record<string, unknown>): { plain: Record<string, unknown>; secrets: Record<string, string> } {
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(options)) {
    if (/password/i.test(name) && typeof value === 'string') secrets[name] = value;
    else plain[name] = value;
  }
  return { plain, secrets };
}

const invalid = PDF_OPTIONS_INVALID;

export const mergeOptionsSchema = z.object({}).strict();

export const splitOptionsSchema = z.discriminatedUnion('mode', [
  /** One file per range: `1-3, 4-6` gives two files. */
  z.object({ mode: z.literal('ranges'), ranges: pageRangesSchema }).strict(),
  /** A new file every N pages. */
  z.object({ mode: z.literal('every'), every: z.number(invalid).int(invalid).min(1, invalid).max(10_000, invalid) }).strict(),
  /** A new file at each top-level bookmark (the pages before the first one go with it). */
  z.object({ mode: z.literal('bookmarks') }).strict(),
]);

export const ROTATIONS = [0, 90, 180, 270] as const;

/** The new document, page by page: which source page (1-based) and how far to turn it clockwise. Leaving a page out deletes it. */
export const organizeOptionsSchema = z
  .object({
    pages: z
      .array(
        z.object({
          page: z.number(invalid).int(invalid).min(1, invalid).max(100_000, invalid),
          rotate: z.literal(ROTATIONS, invalid).default(0),
        }),
        invalid,
      )
      .min(1, invalid)
      .max(100_000, invalid),
  })
  .strict();

export const PAGE_SIZES = ['a4', 'letter', 'fit'] as const;
export const imageToPdfOptionsSchema = z
  .object({
    /** `fit`: each page the size of its image. */
    pageSize: z.enum(PAGE_SIZES, invalid).default('a4'),
    orientation: z.enum(['auto', 'portrait', 'landscape'], invalid).default('auto'),
    /** Millimetres on every side (ignored for `fit`). */
    marginMm: z.number(invalid).min(0, invalid).max(50, invalid).default(10),
  })
  .strict();

export const COMPRESS_PRESETS = ['screen', 'ebook', 'printer'] as const;
export const compressOptionsSchema = z
  .object({
    preset: z.enum(COMPRESS_PRESETS, invalid).default('ebook'),
    /** "At most N bytes": images are re-sampled in steps until the file fits or the legibility floor is reached. */
    targetBytes: z.number(invalid).int(invalid).min(10_000, invalid).max(2_000_000_000, invalid).optional(),
  })
  .strict();

/** qpdf reads its arguments one per line (api/pdf/qpdf.ts): a line break or NUL would split one. */
const passwordSchema = z.string(invalid).min(1, invalid).max(127, invalid).regex(/^[^\r\n\0]*$/, invalid);

/**
 * qpdf 11.3 (Debian 12) takes the new passwords as positional arguments after `--encrypt` and
 * refuses one that starts with '-' as an unknown option; its named forms came in qpdf 11.7.
 */
const newPasswordSchema = passwordSchema.refine((p) => !p.startsWith('-'), { error: 'validation.pdfPasswordLeadingDash' });

export const protectOptionsSchema = z
  .object({
    /** Needed to open the file. */
    userPassword: newPasswordSchema,
    /** Needed to change permissions; a random one when absent, so the open password cannot lift them. */
    ownerPassword: newPasswordSchema.optional(),
    allowPrint: z.boolean(invalid).default(true),
    allowCopy: z.boolean(invalid).default(true),
    allowModify: z.boolean(invalid).default(false),
  })
  .strict();

export const unlockOptionsSchema = z.object({ password: passwordSchema }).strict();

/** Repair rewrites the file through qpdf's recovery; `linearize` also orders it for fast web view (first page shown before the rest arrives). */
export const repairOptionsSchema = z.object({ linearize: z.boolean(invalid).default(true) }).strict();

export const IMAGE_FORMATS = ['png', 'jpeg'] as const;
export const pdfToImageOptionsSchema = z
  .object({
    format: z.enum(IMAGE_FORMATS, invalid).default('png'),
    /** Pixels per inch of the page: 72 is the page's own size in points, 300 print quality. */
    dpi: z.number(invalid).int(invalid).min(36, invalid).max(300, invalid).default(150),
    /** Which pages; all of them when absent. */
    pages: pageRangesSchema.optional(),
  })
  .strict();

/** Each built tool's options; the server parses the submitted `options` field with its tool's schema. */
export const PDF_TOOL_OPTIONS = {
  'pdf-merge': mergeOptionsSchema,
  'pdf-split': splitOptionsSchema,
  'pdf-organize': organizeOptionsSchema,
  'image-to-pdf': imageToPdfOptionsSchema,
  'pdf-compress': compressOptionsSchema,
  'pdf-protect': protectOptionsSchema,
  'pdf-unlock': unlockOptionsSchema,
  'pdf-to-image': pdfToImageOptionsSchema,
  'pdf-page-numbers': pageNumbersOptionsSchema,
  'pdf-watermark': watermarkOptionsSchema,
  'pdf-sign': signOptionsSchema,
  'pdf-redact': redactOptionsSchema,
  'pdf-compare': compareOptionsSchema,
  'pdf-ocr': ocrOptionsSchema,
  'pdf-repair': repairOptionsSchema,
} as const satisfies Partial<Record<PdfToolKey, z.ZodType>>;

/** The options schema of a built tool by its key, or undefined for any other key (the server's one lookup). */
export function pdfToolOptionsSchema(key: string): (typeof PDF_TOOL_OPTIONS)[keyof typeof PDF_TOOL_OPTIONS] | undefined {
  return Object.hasOwn(PDF_TOOL_OPTIONS, key) ? PDF_TOOL_OPTIONS[key as keyof typeof PDF_TOOL_OPTIONS] : undefined;
}

export type MergeOptions = z.infer<typeof mergeOptionsSchema>;
export type SplitOptions = z.infer<typeof splitOptionsSchema>;
export type OrganizeOptions = z.infer<typeof organizeOptionsSchema>;
export type ImageToPdfOptions = z.infer<typeof imageToPdfOptionsSchema>;
export type CompressOptions = z.infer<typeof compressOptionsSchema>;
export type ProtectOptions = z.infer<typeof protectOptionsSchema>;
export type UnlockOptions = z.infer<typeof unlockOptionsSchema>;
export type PdfToImageOptions = z.infer<typeof pdfToImageOptionsSchema>;
export type PageNumbersOptions = z.infer<typeof pageNumbersOptionsSchema>;
export type WatermarkOptions = z.infer<typeof watermarkOptionsSchema>;
export type SignOptions = z.infer<typeof signOptionsSchema>;
export type RedactOptions = z.infer<typeof redactOptionsSchema>;
export type CompareOptions = z.infer<typeof compareOptionsSchema>;
export type OcrOptions = z.infer<typeof ocrOptionsSchema>;
export type RepairOptions = z.infer<typeof repairOptionsSchema>;
