import { STORAGE_KEYS } from '../lib/constants';
import { resolveLanguage } from '../lib/language';
import { readStorage } from '../lib/storage';
import { DARK_SCHEME_QUERY, parseThemePreference, resolveColorScheme } from '../lib/theme-choice';

/**
 * A prerendered landing page is complete as sent: its links are plain anchors and its styles are
 * in the HTML. Starting the app on it costs a phone one to two seconds of main-thread work
 * (docs/performance.md), so for a visitor the page is already right for, the app starts at their
 * first sign of use instead: a touch, a scroll, a key, a mouse move, a focus. Clicks made while
 * it starts are replayed (early-clicks.ts). Everyone else gets the app at once: a signed-in user
 * (the header shows their account; stored user info here, or a session cookie, for which the
 * server sends the page marked to start at once: api/static.ts), a visitor whose saved language or theme differs from the
 * page, an address with a query (it can change what the page shows), and pages marked to start
 * at once (their content comes from the API: scripts/build/prerender-pages.ts).
 */
export function canWaitForVisitor(root: HTMLElement): boolean {
  if (root.dataset.hydrate !== 'on-interaction' || window.location.search !== '') return false;
  if (readStorage(STORAGE_KEYS.userInfo) !== null) return false;
  if (resolveLanguage() !== root.dataset.prerendered) return false;
  const systemDark = typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
  return resolveColorScheme(parseThemePreference(readStorage(STORAGE_KEYS.theme)), systemDark) === 'light';
}

const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/** Resolves at the visitor's first sign of use; `<html data-app-waiting>` says the page waits for it meanwhile. */
export function firstUse(): Promise<void> {
  const root = document.documentElement;
  root.dataset.appWaiting = 'visitor';
  return new Promise<void>((done) => {
    const options = { capture: true, passive: true } as const;
    const onUse = () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, onUse, options);
      delete root.dataset.appWaiting;
      done();
    };
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, onUse, options);
  });
}
