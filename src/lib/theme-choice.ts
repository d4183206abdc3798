/** What the user picks in Settings: a fixed theme, or whatever the operating system uses. */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** The theme actually shown. */
export type ColorScheme = 'light' | 'dark';

/** Nothing saved yet: follow the system. */
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'system';

/** The media query the browser answers from the system's light or dark setting. */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** A saved value (or nothing, or something an older version or a hand edit left) made safe. */
export function parseThemePreference(stored: unknown): ThemePreference {
  return isThemePreference(stored) ? stored : DEFAULT_THEME_PREFERENCE;
}

/** 'system' follows the system's setting; 'light' and 'dark' ignore it. */
export function resolveColorScheme(preference: ThemePreference, systemPrefersDark: boolean): ColorScheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
