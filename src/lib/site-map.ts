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
