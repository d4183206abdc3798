/**
 * The server picks a prerendered page by this cookie (api/static.ts): the language, and `.dark`
 * when the page should open dark (then it sends the plain app instead of a light page that would
 * flash). Written at start and on every change, so the next visit opens in the right variant.
 */
export const PAGE_VARIANT_COOKIE = 'ui';

export function rememberPageVariant(lang: string, dark = false): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${PAGE_VARIANT_COOKIE}=${lang}${dark ? '.dark' : ''}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
