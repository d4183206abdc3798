import { createDarkTheme, type Theme } from '@fluentui/react-components';
import { FONT_STACK } from './theme';
import { brand } from './theme-brand';

/**
 * The dark theme from the same brand ramp as the light one. Loaded only when it is shown (its
 * palette code stays off the first paint of light-theme visitors).
 *
 * Fluent's advice for a custom ramp in dark mode: brand text one step lighter than
 * createDarkTheme picks, so links, eyebrows and selected tabs keep a 4.5:1 contrast on every
 * neutral background (#6787f0 reaches only 4.4:1 on colorNeutralBackground1; theme.test.ts checks).
 */
export const darkTheme: Theme = {
  ...createDarkTheme(brand),
  fontFamilyBase: FONT_STACK,
  colorBrandForeground1: brand[110],
  colorBrandForeground2: brand[120],
  colorBrandForegroundLink: brand[110],
  colorBrandForegroundLinkHover: brand[120],
  colorBrandForegroundLinkPressed: brand[100],
  colorBrandForegroundLinkSelected: brand[110],
  colorNeutralForeground2BrandHover: brand[110],
  colorNeutralForeground2BrandSelected: brand[110],
  colorNeutralForeground3BrandHover: brand[110],
  colorNeutralForeground3BrandSelected: brand[110],
  colorCompoundBrandForeground1: brand[110],
};
