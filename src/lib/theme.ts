import type { Theme } from '@fluentui/react-components';
import { brand } from './theme-brand';
import { lightTheme } from './theme-light.generated';

/** CJK faces after the Latin ones, so Chinese renders with a proper Simplified Chinese font. */
export const FONT_STACK =
  '"Segoe UI", -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, "Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif';

export const appTheme: Theme = {
  ...lightTheme,
  fontFamilyBase: FONT_STACK,
};

/** Colours used outside Fluent tokens (gradients, illustrations). */
export const palette = {
  brand: brand[80],
  brandDark: brand[30],
  brandSoft: brand[160],
  ink: '#0f172a',
  muted: '#5b6478',
  page: '#f7f8fc',
  authHeader: '#0b1440',
} as const;
