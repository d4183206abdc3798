import type { FormatId } from './format-colors';

/**
 * The converter's cards and the tool pages reached from the navigation, the mobile menu and the
 * Ctrl+K search. Labels are i18n keys; conversion labels are composed from format names.
 */

export interface Conversion {
  /** Card key `{source}-to-{target}`, as in API.md. */
  key: string;
  from: FormatId;
  to: FormatId;
}

function conversion(from: FormatId, to: FormatId): Conversion {
  return { key: `${from}-to-${to}`, from, to };
}

/**
 * Spec §1's supported conversions: the cards `buildCards(DEFAULT_FEATURES)` of
 * contracts/convert-catalogue.ts yields (site-map.test.ts keeps them equal). Listed here so
 * the header does not load zod before first paint.
 */
export const CONVERSIONS: readonly Conversion[] = [
  conversion('word', 'pdf'),
  conversion('word', 'text'),
  conversion('pdf', 'word'),
  conversion('pdf', 'excel'),
  conversion('pdf', 'ppt'),
  conversion('pdf', 'html'),
  conversion('pdf', 'xml'),
  conversion('excel', 'word'),
  conversion('excel', 'pdf'),
  conversion('excel', 'ppt'),
  conversion('excel', 'html'),
  conversion('excel', 'json'),
  conversion('excel', 'markdown'),
  conversion('ppt', 'pdf'),
  conversion('ppt', 'html'),
];

export const CONVERSION_KEYS: ReadonlySet<string> = new Set(CONVERSIONS.map((c) => c.key));

export function findConversion(key: string): Conversion | undefined {
  return CONVERSIONS.find((c) => c.key === key.toLowerCase());
}

export interface PdfMenuGroup {
  id: 'fromPdf' | 'toPdf' | 'fromExcel' | 'toExcel';
  items: readonly Conversion[];
}

/** The PDF tools popover, grouped as in spec §2. */
export const PDF_MENU: readonly PdfMenuGroup[] = [
  { id: 'fromPdf', items: CONVERSIONS.filter((c) => c.from === 'pdf') },
  { id: 'toPdf', items: CONVERSIONS.filter((c) => c.to === 'pdf') },
  { id: 'fromExcel', items: CONVERSIONS.filter((c) => c.from === 'excel') },
  { id: 'toExcel', items: CONVERSIONS.filter((c) => c.to === 'excel') },
];

/** A PDF tool's text id: its card key in camelCase (`image-to-pdf` → `imageToPdf`), as i18n key segments must be. */
export type PdfToolId = 'merge' | 'split' | 'organize' | 'imageToPdf' | 'compress' | 'protect' | 'unlock' | 'pdfToImage' | 'pageNumbers' | 'watermark' | 'sign' | 'redact' | 'compare' | 'ocr' | 'repair';

export interface PdfToolEntry {
  /** The card key (contracts/pdf-tools.ts), also the page's `/products/pdf/{key}`. */
  key: string;
  id: PdfToolId;
  /** Extra words that find the tool in the Ctrl+K search, in both languages. */
  keywords: string;
}

/**
 * The PDF tools, in menu order: contracts/pdf-tools.ts's PDF_TOOLS (a test in
 * src/features/pdf-tools keeps the keys equal). Listed here so the header does not load zod.
 */
export const PDF_TOOL_ENTRIES: readonly PdfToolEntry[] = [
  { key: 'pdf-merge', id: 'merge', keywords: 'merge combine join pdf 合并' },
  { key: 'pdf-split', id: 'split', keywords: 'split pages ranges extract pdf 拆分 分割' },
  { key: 'pdf-organize', id: 'organize', keywords: 'organize organise rotate delete reorder pages extract pdf 整理 旋转 删除 页面' },
  { key: 'image-to-pdf', id: 'imageToPdf', keywords: 'image jpg jpeg png photo to pdf 图片 转 pdf' },
  { key: 'pdf-compress', id: 'compress', keywords: 'compress reduce shrink size smaller pdf 压缩' },
  { key: 'pdf-protect', id: 'protect', keywords: 'protect password encrypt lock pdf 加密 密码 保护' },
  { key: 'pdf-unlock', id: 'unlock', keywords: 'unlock remove password decrypt pdf 解密 解除 密码' },
  { key: 'pdf-to-image', id: 'pdfToImage', keywords: 'pdf to image images png jpg jpeg picture export pages dpi 转图片 图片 导出 页面' },
  { key: 'pdf-page-numbers', id: 'pageNumbers', keywords: 'page numbers numbering number pages footer pdf 页码 编号' },
  { key: 'pdf-watermark', id: 'watermark', keywords: 'watermark stamp text image logo confidential draft pdf 水印 印章' },
  { key: 'pdf-sign', id: 'sign', keywords: 'sign signature initials e-sign draw handwriting pdf 签名 签字 签署' },
  { key: 'pdf-redact', id: 'redact', keywords: 'redact redaction black out remove hide censor personal data pdf 涂黑 脱敏 遮盖 删除敏感' },
  { key: 'pdf-compare', id: 'compare', keywords: 'compare diff difference versions changes pdf 比较 对比 差异' },
  { key: 'pdf-repair', id: 'repair', keywords: 'repair fix broken damaged corrupt linearize linearise fast web view optimize pdf 修复 损坏 网页 优化' },
  { key: 'pdf-ocr', id: 'ocr', keywords: 'ocr scan scanned searchable text recognition pdf 识别 扫描 文字 可搜索' },
];

export function findPdfTool(key: string): PdfToolEntry | undefined {
  return PDF_TOOL_ENTRIES.find((t) => t.key === key.toLowerCase());
}

export interface VideoPanel {
  id: 'subscribe' | 'download' | 'cropping' | 'merge' | 'config';
  path: string;
}

export const VIDEO_PANELS: readonly VideoPanel[] = [
  { id: 'download', path: '/products/videoTools/panels/download' },
  { id: 'cropping', path: '/products/videoTools/panels/cropping' },
  { id: 'merge', path: '/products/videoTools/panels/merge' },
  { id: 'subscribe', path: '/products/videoTools/panels/subscribe' },
  { id: 'config', path: '/products/videoTools/configure/config' },
];
