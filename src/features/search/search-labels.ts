import type { TFunction } from 'i18next';
import { conversionLabel } from '../../lib/site-labels';
import type { SearchEntry } from './search-entries';

export function searchEntryLabel(t: TFunction, entry: SearchEntry): string {
  if (entry.conversion) return conversionLabel(t, entry.conversion);
  return entry.labelKey ? t(entry.labelKey) : entry.id;
}
