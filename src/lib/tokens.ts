import type { tokens as FluentTokens } from '@fluentui/react-components';

/** Fluent's z-index tokens carry a fallback value; every other token is a bare CSS variable. */
const Z_INDEX_FALLBACKS: Record<string, number> = {
  zIndexBackground: 0,
  zIndexContent: 1,
  zIndexOverlay: 1000,
  zIndexPopup: 2000,
  zIndexMessages: 3000,
  zIndexFloating: 4000,
  zIndexPriority: 5000,
  zIndexDebug: 6000,
};

/**
 * Fluent's design tokens (`tokens.colorNeutralForeground1` → `var(--colorNeutralForeground1)`),
 * computed on access instead of importing Fluent's table of 467 strings (29 KB) into the first
 * paint. Same names and values (src/lib/tokens.test.ts compares every one); import `tokens`
 * from here, never from '@fluentui/react-components' (eslint enforces it).
 */
export const tokens: typeof FluentTokens = new Proxy({} as typeof FluentTokens, {
  get(_target, name) {
    if (typeof name !== 'string') return undefined;
    const fallback = Z_INDEX_FALLBACKS[name];
    return fallback === undefined ? `var(--${name})` : `var(--${name}, ${fallback})`;
  },
});
