import type { TFunction } from 'i18next';
import type { Conversion } from './site-map';

/** "Word to PDF" / "Word 转 PDF", composed from the format names. */
export function conversionLabel(t: TFunction, c: Conversion): string {
  return t('nav.convertLabel', { from: t(`common.formats.${c.from}`), to: t(`common.formats.${c.to}`) });
}
