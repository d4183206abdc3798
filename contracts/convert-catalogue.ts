import { z } from 'zod';
import { CONVERT_TYPE_PATTERN } from './convert-type.js';
import type { PdfToolKey } from './pdf-tool-keys.js';

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

/**
 * Where a card's conversions run, as staff set it: `auto` follows the engine table (the browser
 * where it can, the server otherwise), `browser` keeps every file on the device (only the formats
 * the browser engines read are accepted), `server` sends every file to the server.
 */
export const ENGINE_PREFERENCES = ['auto', 'browser', 'server'] as const;
export type EnginePreference = (typeof ENGINE_PREFERENCES)[number];

/** A card's settings as the feature list carries them (switched-off cards are not listed at all). */
export const cardSettingSchema = z.object({
  key: z.string(),
  engine: z.enum(ENGINE_PREFERENCES),
  /** Bytes; null: only the package's own cap applies. */
  maxFileSize: z.number().int().nullable(),
});
export type CardSetting = z.infer<typeof cardSettingSchema>;

export const featureSchema = z.object({
  id: z.enum(FEATURE_IDS),
  converts: z.array(z.string()),
  /** Added field: the settings of this source's cards on offer (absent from older servers: `auto`, no cap). */
  cards: z.array(cardSettingSchema).optional(),
});
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
  /** Staff's engine preference for this card (see ENGINE_PREFERENCES). */
  engine: EnginePreference;
  /** Staff's size cap in bytes on top of the package's, or null. */
  maxFileSize: number | null;
  /** Set for a PDF tool's card (contracts/pdf-tools.ts): its key, which is also the card's. */
  tool?: PdfToolKey;
}

/**
 * Cards for one feature: its target formats grouped by extension group; a card whose source
 * equals its target is dropped, formats in no group go to one `other` card, and a card with no
 * formats is not built. Labels and descriptions are i18n keys `convert.cards.<source>.<target>.*`.
 */
export function buildCards(feature: Feature): ConvertCard[] {
  const settings = new Map((feature.cards ?? []).map((c) => [c.key, c]));
  const byGroup = new Map<FormatGroup, string[]>();
  for (const format of feature.converts) {
    const group = groupOfExtension(format);
    if (group === feature.id) continue;
    byGroup.set(group, [...(byGroup.get(group) ?? []), format.toLowerCase()]);
  }
  return [...byGroup]
    .filter(([, formats]) => formats.length > 0)
    .map(([target, formats]) => {
      const key = `${feature.id}-to-${target}`;
      const setting = settings.get(key);
      return {
        key,
        source: feature.id,
        target,
        targetExtensions: formats,
        acceptedExtensions: [...EXTENSION_GROUPS[feature.id]],
        icon: GROUP_ICONS[target],
        engine: setting?.engine ?? 'auto',
        maxFileSize: setting?.maxFileSize ?? null,
      };
    });
}

export { CONVERT_TYPE_PATTERN };

/** The card for a key among the given features, or undefined when it is not offered. */
export function findCard(features: Feature[], key: string): ConvertCard | undefined {
  const source = CONVERT_TYPE_PATTERN.exec(key)?.[1];
  const feature = features.find((f) => f.id === source);
  return feature ? buildCards(feature).find((c) => c.key === key) : undefined;
}

/** What staff set for one card: switched on or off, its engine preference, its size cap. */
export interface CardSwitch {
  enabled: boolean;
  engine: EnginePreference;
  maxFileSize: number | null;
}

/** A card nobody has changed: on, `auto`, no cap of its own. */
export const DEFAULT_CARD_SWITCH: CardSwitch = { enabled: true, engine: 'auto', maxFileSize: null };

/**
 * The features as the site offers them: the formats of switched-off cards left out (a source
 * left with no card is dropped), and each source listing its cards' engine preference and cap.
 */
export function offeredFeatures(features: readonly Feature[], switches: ReadonlyMap<string, CardSwitch>): Feature[] {
  return features.flatMap((feature) => {
    const off = new Set(buildCards(feature).filter((c) => switches.get(c.key)?.enabled === false).map((c) => c.key));
    const offered: Feature = { id: feature.id, converts: feature.converts.filter((f) => !off.has(`${feature.id}-to-${groupOfExtension(f)}`)) };
    const cards = buildCards(offered).map((c) => {
      const s = switches.get(c.key) ?? DEFAULT_CARD_SWITCH;
      return { key: c.key, engine: s.engine, maxFileSize: s.maxFileSize };
    });
    return cards.length > 0 ? [{ ...offered, cards }] : [];
  });
}
