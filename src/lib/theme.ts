import type { Theme } from '@fluentui/react-components';
import { lightTheme } from './theme-light.generated';

/** CJK faces after the Latin ones, so Chinese renders with a proper Simplified Chinese font. */
export const FONT_STACK =
  '"Segoe UI", -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, "Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif';

/**
 * The light theme. Every colour in src/ comes from a theme token, so the dark theme
 * (theme-dark.ts, loaded only when needed) restyles the whole app.
 */
export const appTheme: Theme = {
  ...lightTheme,
  fontFamilyBase: FONT_STACK,
};
