import type { i18n as I18n, TFunction } from 'i18next';
import type { ConvertCard } from '@contracts/convert-catalogue';
import { conversionLabel, formatName } from '../../lib/convert-type-text';

type CardLike = Pick<ConvertCard, 'source' | 'target'>;

export { formatName };

/**
 * A card's label and description: its own texts under `convert.cards.<source>.<target>` (key
 * segments stay camelCase, so not the hyphenated card key), or, for a format staff added later,
 * texts composed from the format names.
 */
export function cardLabel(t: TFunction, i18n: I18n, card: CardLike): string {
  return conversionLabel(t, i18n, card.source, card.target);
}

export function cardDescription(t: TFunction, i18n: I18n, card: CardLike): string {
  const key = `convert.cards.${card.source}.${card.target}.description`;
  return i18n.exists(key) ? t(key) : t('convert.cardDescription', { from: formatName(t, card.source), to: formatName(t, card.target) });
}


/** `.xlsx .csv .xls .xlsb`, for hints and the picker's accept attribute. */
export const dotted = (extensions: readonly string[]) => extensions.map((e) => `.${e}`);

/** Sizes in B, KB or MB (binary, like the package's limits). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
