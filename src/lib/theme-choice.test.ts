import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_PREFERENCE, isThemePreference, parseThemePreference, resolveColorScheme, THEME_PREFERENCES } from './theme-choice';

describe('theme choice', () => {
  it('follows the system until the user picks a theme', () => {
    expect(DEFAULT_THEME_PREFERENCE).toBe('system');
    expect(parseThemePreference(null)).toBe('system');
  });

  it('keeps a saved choice and drops anything else', () => {
    for (const choice of THEME_PREFERENCES) expect(parseThemePreference(choice)).toBe(choice);
    for (const junk of ['Dark', 'auto', '', '"dark"', 1, {}]) expect(parseThemePreference(junk)).toBe('system');
    expect(isThemePreference('dark')).toBe(true);
    expect(isThemePreference('sepia')).toBe(false);
  });

  it("resolves 'system' from the system's setting and ignores it otherwise", () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
    expect(resolveColorScheme('light', true)).toBe('light');
  });
});
