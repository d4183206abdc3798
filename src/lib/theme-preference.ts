import { atom } from 'jotai';
import { STORAGE_KEYS } from './constants';
import { readStorage, storageKey, writeStorage } from './storage';
import { appStore } from './store';
import { DARK_SCHEME_QUERY, parseThemePreference, resolveColorScheme, type ColorScheme, type ThemePreference } from './theme-choice';

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

const preferenceBaseAtom = atom<ThemePreference>(parseThemePreference(readStorage(STORAGE_KEYS.theme)));

/** Settings' theme choice, saved under 'theme' (with the build's prefix); 'system' by default. */
export const themePreferenceAtom = atom(
  (get) => get(preferenceBaseAtom),
  (_get, set, next: ThemePreference) => {
    set(preferenceBaseAtom, next);
    writeStorage(STORAGE_KEYS.theme, next);
  },
);

/** The system's light or dark setting, followed live while something shows the theme. */
const systemDarkAtom = atom(systemPrefersDark());
systemDarkAtom.onMount = (set) => {
  if (typeof window.matchMedia !== 'function') return undefined;
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  const onChange = (event: MediaQueryListEvent) => set(event.matches);
  set(query.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** The theme to show now. */
export const colorSchemeAtom = atom<ColorScheme>((get) => resolveColorScheme(get(themePreferenceAtom), get(systemDarkAtom)));

/**
 * Tells the browser which scheme the page uses (scrollbars, form controls, and index.html's
 * `Canvas` background before the app paints), so a dark page never flashes white.
 */
export function applyDocumentScheme(scheme: ColorScheme, background?: string): void {
  const root = document.documentElement;
  // Only what changes: rewriting an inherited property on <html>, even to its value, restyles the
  // whole page, which a prerendered page (already light) would pay for while it hydrates.
  if (root.style.colorScheme !== scheme) root.style.colorScheme = scheme;
  if (root.dataset.theme !== scheme) root.dataset.theme = scheme;
  if (background) document.body.style.backgroundColor = background;
}

if (typeof window !== 'undefined') {
  // As early as this module loads (with main.tsx, before the first render).
  applyDocumentScheme(appStore.get(colorSchemeAtom));
  // Another tab changed the setting: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey(STORAGE_KEYS.theme)) appStore.set(preferenceBaseAtom, parseThemePreference(event.newValue));
  });
}
