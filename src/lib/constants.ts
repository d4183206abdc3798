/** Product name shown in headings, the manifest and the document title. */
export const PRODUCT_NAME = 'DocuFlow';

/** localStorage names shared with other tabs and later features (lib/storage adds the build's prefix). */
export const STORAGE_KEYS = {
  lang: 'lang',
  userInfo: 'userInfo',
  logId: 'logId',
  /** 'light' | 'dark' | 'system' (src/lib/theme-choice.ts). */
  theme: 'theme',
  /** The admin area's own language: Chinese for staff until they switch (spec §1: menu in Chinese). */
  adminLang: 'adminLang',
} as const;

/** Spec §9 breakpoints (min-width, px). */
export const BREAKPOINTS = { xs: 0, sm: 768, md: 1024, lg: 1266, xl: 1440 } as const;

/** Media queries built from the breakpoints, for Griffel styles and matchMedia. */
export const MEDIA = {
  belowSm: `@media (max-width: ${BREAKPOINTS.sm - 1}px)`,
  belowMd: `@media (max-width: ${BREAKPOINTS.md - 1}px)`,
  fromSm: `@media (min-width: ${BREAKPOINTS.sm}px)`,
  fromMd: `@media (min-width: ${BREAKPOINTS.md}px)`,
  fromLg: `@media (min-width: ${BREAKPOINTS.lg}px)`,
} as const;

/** Spec §9 timings. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const PURCHASE_REDIRECT_DELAY_S = 3;

export const SUPPORT_EMAIL = 'support@docuflow.example';
export const BUSINESS_EMAIL = 'business@docuflow.example';
