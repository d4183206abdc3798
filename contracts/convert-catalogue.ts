import { z } from 'zod';

/**
 * The conversion catalogue (spec §1, §5): extension groups, the features the server offers, and
 * the cards built from them. Pure data and functions: the API serves the features from the
 * database, the browser builds cards with `buildCards`.
 */
export const EXTENSION_GROUPS = {
  word: ['doc', 'docx', 'dot', 'docm', 'dotx', 'dotm', 'rtf', 'odt'],
  pdf: ['pdf', 'pdfxml'],
  excel: ['xlsx', 'csv', 'xls', 'xlsb'],
  ppt: ['ppt', 'pptx'],
  image: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'svg', 'emf', 'tiff', 'tif', 'webp'],
  html: ['html', 'html5', 'mhtml', 'htm'],
  text: ['text', 'txt'],
  markdown: ['md', 'markdown'],
  xml: ['xml'],
  json: ['json'],
} as const satisfies Record<string, readonly string[]>;

export type KnownGroup = keyof typeof EXTENSION_GROUPS;
export type FormatGroup = KnownGroup | 'other';
export const FEATURE_IDS = ['word', 'pdf', 'excel', 'ppt'] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

/** The spec's targets per source, as the extensions the results get. */
export const DEFAULT_FEATURES: { id: FeatureId; converts: string[] }[] = [
  { id: 'word', converts: ['pdf', 'txt'] },
  { id: 'pdf', converts: ['docx', 'xlsx', 'pptx', 'html', 'xml'] },
  { id: 'excel', converts: ['docx', 'pdf', 'pptx', 'html', 'json', 'md'] },
  { id: 'ppt', converts: ['pdf', 'html'] },
];

export const featureSchema = z.object({ id: z.enum(FEATURE_IDS), converts: z.array(z.string()) });
export type Feature = z.infer<typeof featureSchema>;

/** Letter icon per target group. */
export const GROUP_ICONS: Record<FormatGroup, { letter: string; color: string }> = {
  word: { letter: 'W', color: '#2b579a' },
  pdf: { letter: 'P', color: '#d93025' },
  excel: { letter: 'X', color: '#217346' },
  ppt: { letter: 'P', color: '#c43e1c' },
  image: { letter: 'I', color: '#8e44ad' },
  html: { letter: 'H', color: '#e44d26' },
  text: { letter: 'T', color: '#5f6368' },
  markdown: { letter: 'M', color: '#083fa1' },
  xml: { letter: 'X', color: '#f57c00' },
  json: { letter: 'J', color: '#b8860b' },
  other: { letter: '?', color: '#6b6b6b' },
};

export function groupOfExtension(ext: string): FormatGroup {
  const e = ext.toLowerCase().replace(/^\./, '');
  for (const [group, exts] of Object.entries(EXTENSION_GROUPS)) {
    if ((exts as readonly string[]).includes(e)) return group as KnownGroup;
  }
  return 'other';
}

export function extensionOf(fileName: string): string {
  const m = /\.([^./\\]+)$/.exec(fileName);
  return m ? m[1]!.toLowerCase() : '';
}

export interface ConvertCard {
  /** `{source}-to-{target}`, e.g. `pdf-to-word`. */
  key: string;
  source: FeatureId;
  target: FormatGroup;
  /** Extensions the results get. */
  targetExtensions: string[];
  /** What the picker accepts: the source group's extensions. */
  acceptedExtensions: string[];
  icon: { letter: string; color: string };
}

/**
 * Cards for one feature: its target formats grouped by extension group; a card whose source
 * equals its target is dropped, formats in no group go to one `other` card, and a card with no
 * formats is not built. Labels and descriptions are i18n keys `convert.cards.<source>.<target>.*`.
 */
export function buildCards(feature: Feature): ConvertCard[] {
  const byGroup = new Map<FormatGroup, string[]>();
  for (const format of feature.converts) {
    const group = groupOfExtension(format);
    if (group === feature.id) continue;
    byGroup.set(group, [...(byGroup.get(group) ?? []), format.toLowerCase()]);
  }
  return [...byGroup]
    .filter(([, formats]) => formats.length > 0)
    .map(([target, formats]) => ({
      key: `${feature.id}-to-${target}`,
      source: feature.id,
      target,
      targetExtensions: formats,
      acceptedExtensions: [...EXTENSION_GROUPS[feature.id]],
      icon: GROUP_ICONS[target],
    }));
}

export const CONVERT_TYPE_PATTERN = /^(word|pdf|excel|ppt)-to-([a-z]+)$/;

/** The card for a key among the given features, or undefined when it is not offered. */
export function findCard(features: Feature[], key: string): ConvertCard | undefined {
  const source = CONVERT_TYPE_PATTERN.exec(key)?.[1];
  const feature = features.find((f) => f.id === source);
  return feature ? buildCards(feature).find((c) => c.key === key) : undefined;
}
