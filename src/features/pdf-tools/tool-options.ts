import {
  compressOptionsSchema,
  imageToPdfOptionsSchema,
  pdfToImageOptionsSchema,
  protectOptionsSchema,
  splitOptionsSchema,
  unlockOptionsSchema,
  type CompressOptions,
  type ImageToPdfOptions,
  type PdfToImageOptions,
  type ProtectOptions,
  type SplitOptions,
  type UnlockOptions,
} from '@contracts/pdf-tools';

/** A form's options, or the i18n key (under `pdfTools.`) of what is wrong with them. */
export type Checked<T> = { ok: true; options: T } | { ok: false; error: string };

export interface SplitForm {
  mode: 'ranges' | 'every' | 'bookmarks';
  ranges: string;
  every: string;
}

export function splitOptions(form: SplitForm): Checked<SplitOptions> {
  const candidate = form.mode === 'ranges' ? { mode: 'ranges', ranges: form.ranges } : form.mode === 'every' ? { mode: 'every', every: Number(form.every) } : { mode: 'bookmarks' };
  const parsed = splitOptionsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, options: parsed.data };
  return { ok: false, error: form.mode === 'ranges' ? 'split.rangesInvalid' : 'split.everyInvalid' };
}

export type ImageForm = ImageToPdfOptions;

export function imageOptions(form: ImageForm): Checked<ImageToPdfOptions> {
  const parsed = imageToPdfOptionsSchema.safeParse(form);
  return parsed.success ? { ok: true, options: parsed.data } : { ok: false, error: 'images.marginInvalid' };
}

export interface CompressForm {
  preset: CompressOptions['preset'];
  /** "At most N MB", as typed; empty for no target. */
  maxMb: string;
}

const BYTES_PER_MB = 1_000_000;

export function compressOptions(form: CompressForm): Checked<CompressOptions> {
  const typed = form.maxMb.trim().replace(',', '.');
  const targetBytes = typed === '' ? undefined : Math.round(Number(typed) * BYTES_PER_MB);
  if (targetBytes !== undefined && !Number.isFinite(targetBytes)) return { ok: false, error: 'compress.targetInvalid' };
  const parsed = compressOptionsSchema.safeParse({ preset: form.preset, ...(targetBytes === undefined ? {} : { targetBytes }) });
  return parsed.success ? { ok: true, options: parsed.data } : { ok: false, error: 'compress.targetInvalid' };
}

export interface ProtectForm {
  password: string;
  confirm: string;
  allowPrint: boolean;
  allowCopy: boolean;
  allowModify: boolean;
}

export function protectOptions(form: ProtectForm): Checked<ProtectOptions> {
  if (form.password === '') return { ok: false, error: 'protect.passwordMissing' };
  if (form.password !== form.confirm) return { ok: false, error: 'protect.passwordsDiffer' };
  if (form.password.startsWith('-')) return { ok: false, error: 'protect.passwordLeadingDash' };
  const parsed = protectOptionsSchema.safeParse({
    userPassword: form.password,
    allowPrint: form.allowPrint,
    allowCopy: form.allowCopy,
    allowModify: form.allowModify,
  });
  return parsed.success ? { ok: true, options: parsed.data } : { ok: false, error: 'protect.passwordTooLong' };
}

export function unlockOptions(password: string): Checked<UnlockOptions> {
  if (password === '') return { ok: false, error: 'unlock.passwordMissing' };
  const parsed = unlockOptionsSchema.safeParse({ password });
  return parsed.success ? { ok: true, options: parsed.data } : { ok: false, error: 'protect.passwordTooLong' };
}

/** The resolutions offered as choices; `custom` takes a typed number (36 to 300). */
export const DPI_CHOICES = ['72', '150', '300', 'custom'] as const;

export interface PdfToImageForm {
  format: PdfToImageOptions['format'];
  dpi: (typeof DPI_CHOICES)[number];
  customDpi: string;
  /** Page ranges as typed; empty for every page. */
  pages: string;
}

export function pdfToImageOptions(form: PdfToImageForm): Checked<PdfToImageOptions> {
  const dpi = Number(form.dpi === 'custom' ? form.customDpi.trim() : form.dpi);
  const pages = form.pages.trim();
  const parsed = pdfToImageOptionsSchema.safeParse({ format: form.format, dpi, ...(pages === '' ? {} : { pages }) });
  if (parsed.success) return { ok: true, options: parsed.data };
  const dpiWrong = parsed.error.issues.some((issue) => issue.path[0] === 'dpi');
  return { ok: false, error: dpiWrong ? 'toImages.dpiInvalid' : 'toImages.pagesInvalid' };
}
