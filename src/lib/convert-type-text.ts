import type { i18n as I18n, TFunction } from 'i18next';
import { CONVERT_TYPE_PATTERN } from '@contracts/convert-type';
import { findPdfTool } from './site-map';

/** A format group's display name: "Excel", "图片". */
export const formatName = (t: TFunction, group: string) => t(`convert.formats.${group}`, { defaultValue: group.toUpperCase() });

/**
 * A conversion's label, "PDF to Word": its own text under `convert.cards.<source>.<target>` (key
 * segments stay camelCase, so not the hyphenated card key), or, for a format staff added later,
 * one composed from the format names. Shared by the convert pages and the pricing page.
 */
export function conversionLabel(t: TFunction, i18n: I18n, source: string, target: string): string {
  const key = `convert.cards.${source}.${target}.label`;
  return i18n.exists(key) ? t(key) : t('convert.cardLabel', { from: formatName(t, source), to: formatName(t, target) });
}

/** The label of a card key such as `pdf-to-word` or a PDF tool's (`pdf-merge`: "Merge PDF"); undefined when it is neither. */
export function convertTypeLabel(t: TFunction, i18n: I18n, convertType: string): string | undefined {
  const tool = findPdfTool(convertType);
  if (tool) return t(`nav.pdfToolNames.${tool.id}`);
  const match = CONVERT_TYPE_PATTERN.exec(convertType);
  return match ? conversionLabel(t, i18n, match[1]!, match[2]!) : undefined;
}
