import { STORAGE_KEYS } from './constants';
import { readStorage } from './storage';

/** The two interface languages; en and zh have the same keys. Kept apart from i18n.ts, so the entry can read the choice without loading i18next. */
export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'zh';
}

/** The saved preference under 'lang'; anything else falls back to English. */
export function resolveLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.lang);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
