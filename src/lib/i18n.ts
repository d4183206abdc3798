import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from './constants';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, resolveLanguage, type Language } from './language';
import { rememberPageVariant } from './page-variant';
import { readStorage, writeStorage } from './storage';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, resolveLanguage, type Language };

type Resources = Record<string, unknown>;
interface LocaleModule {
  core: Resources;
  loadRest: () => Promise<{ default: Resources }>;
}

/** Per language: the first-paint texts, and a loader for the rest (two chunks). */
const loaders: Record<Language, () => Promise<LocaleModule>> = {
  en: () => import('./locale-en'),
  zh: () => import('./locale-zh'),
};

let restReady: Promise<void> = Promise.resolve();

function applyDocumentLanguage(lng: Language): void {
  // Absent when pages are prerendered at build time (src/prerender).
  if (typeof document === 'undefined') return;
  const lang = lng === 'zh' ? 'zh-CN' : 'en';
  // Setting `lang`, even to the value it has, makes the browser restyle the whole page (it changes
  // the locale every element inherits): a prerendered page already has the right one.
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

const loadedRest = new Set<Language>();

async function loadRest(lng: Language, locale: LocaleModule): Promise<void> {
  if (loadedRest.has(lng)) return;
  const { default: rest } = await locale.loadRest();
  // The rest's top-level keys (one per file of locales/) never overlap the first-paint ones, so a
  // shallow merge is the same merge; and the module's objects are ours, so no defensive copy.
  // Deep and copied, this one call took 70 ms of the pricing page's start (docs/performance.md).
  i18next.addResourceBundle(lng, 'translation', rest, false, false, { silent: false, skipCopy: true });
  loadedRest.add(lng);
}

async function ensureLoaded(lng: Language): Promise<void> {
  const locale = await loaders[lng]();
  if (!i18next.hasResourceBundle(lng, 'translation')) i18next.addResourceBundle(lng, 'translation', locale.core, true, true);
  await loadRest(lng, locale);
}

/**
 * Loads only the active language (en and zh have the same keys, so no fallback bundle is
 * needed): its first-paint texts now, the rest right after (see `whenTextsReady`).
 */
export async function initI18n(lng: Language = resolveLanguage()): Promise<void> {
  const locale = await loaders[lng]();
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { [lng]: { translation: locale.core } },
    interpolation: { escapeValue: false },
    // Re-render when the rest of the texts arrive.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  applyDocumentLanguage(lng);
  restReady = loadRest(lng, locale);
}

/** Resolves once every text of the active language is loaded; lazy routes and overlays await it. */
export function whenTextsReady(): Promise<void> {
  return restReady;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Saves the choice; the payment page reloads so the provider's checkout picks the language up. */
export async function setLanguage(lng: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.lang, lng);
  rememberPageVariant({ lang: lng });
  if (window.location.pathname.toLowerCase().startsWith('/payment')) {
    window.location.reload();
    return;
  }
  await switchLanguage(lng);
}

/** The admin area speaks Chinese to staff until they choose otherwise there (kept apart from the site's language). */
export const DEFAULT_ADMIN_LANGUAGE: Language = 'zh';

export function resolveAdminLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.adminLang);
  return isLanguage(stored) ? stored : DEFAULT_ADMIN_LANGUAGE;
}

/** The language toggle inside the admin area: saved as the admin area's choice, the site's stays as it was. */
export async function setAdminLanguage(lng: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.adminLang, lng);
  await switchLanguage(lng);
}

/** Loads and shows a language without saving it (setLanguage saves; prerendering only renders). */
export async function switchLanguage(lng: Language): Promise<void> {
  await ensureLoaded(lng);
  await i18next.changeLanguage(lng);
  applyDocumentLanguage(lng);
}

export const t = i18next.t.bind(i18next);
export { i18next };
