/**
 * The server picks a prerendered page by this cookie (api/static.ts): the language, and `.dark`
 * when the page opens dark (then it sends the plain app instead of a light page that would
 * flash). Rewritten whenever either changes, so the next visit opens in the right variant.
 */
export const PAGE_VARIANT_COOKIE = 'ui';

const variant = { lang: 'en', dark: false };

export function rememberPageVariant(change: Partial<typeof variant>): void {
  Object.assign(variant, change);
  if (typeof document === 'undefined') return;
  document.cookie = `${PAGE_VARIANT_COOKIE}=${variant.lang}${variant.dark ? '.dark' : ''}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
