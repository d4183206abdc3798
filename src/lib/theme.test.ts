import { createDarkTheme, createLightTheme, type Theme } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import { brand } from './theme-brand';
import { appTheme } from './theme';
import { darkTheme } from './theme-dark';
import { lightTheme } from './theme-light.generated';

describe('precomputed theme', () => {
  // To regenerate: write `createLightTheme(brand)` as an object literal into theme-light.generated.ts.
  it('equals createLightTheme(brand)', () => {
    expect(lightTheme).toEqual(createLightTheme(brand));
  });
});

/** WCAG 2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text the app sets on page, card and hero backgrounds (body, captions, links, eyebrows, tabs). */
const TEXT = [
  'colorNeutralForeground1',
  'colorNeutralForeground2',
  'colorNeutralForeground3',
  'colorBrandForeground1',
  'colorBrandForeground2',
  'colorBrandForegroundLink',
  'colorNeutralForeground2BrandSelected',
] as const satisfies ReadonlyArray<keyof Theme>;
const SURFACES = ['colorNeutralBackground1', 'colorNeutralBackground2', 'colorNeutralBackground3', 'colorBrandBackground2'] as const satisfies ReadonlyArray<keyof Theme>;

describe('themes', () => {
  it('dark is createDarkTheme(brand) with the app font and lighter brand text', () => {
    const base = createDarkTheme(brand);
    const changed = Object.keys(darkTheme).filter((k) => darkTheme[k as keyof Theme] !== base[k as keyof Theme]);
    expect(changed.every((k) => k === 'fontFamilyBase' || /^color(Brand|Neutral|Compound).*Foreground/.test(k))).toBe(true);
    expect(darkTheme.colorBrandForeground1).toBe(brand[110]);
  });

  it.each([
    ['light', appTheme],
    ['dark', darkTheme],
  ] as const)('%s: text tokens keep 4.5:1 on every surface, and text on brand buttons too', (_name, theme) => {
    const low: string[] = [];
    for (const fg of TEXT) {
      for (const bg of SURFACES) {
        const ratio = contrast(theme[fg], theme[bg]);
        if (ratio < 4.5) low.push(`${fg} on ${bg}: ${ratio.toFixed(2)}`);
      }
    }
    expect(low).toEqual([]);
    expect(contrast(theme.colorNeutralForegroundOnBrand, theme.colorBrandBackground)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorNeutralForegroundStaticInverted, theme.colorBrandBackground4Static)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorBrandBackgroundInvertedPressed, theme.colorBrandBackground4Static)).toBeGreaterThanOrEqual(4.5);
  });
});
