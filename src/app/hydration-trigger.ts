import { STORAGE_KEYS } from '../lib/constants';
import { resolveLanguage } from '../lib/language';
import { readStorage } from '../lib/storage';
import { STORAGE_PREFIX } from '../lib/storage-prefix';
import { DARK_SCHEME_QUERY, parseThemePreference, resolveColorScheme } from '../lib/theme-choice';

/**
 * A prerendered landing page is complete as sent: its links are plain anchors and its styles are
 * in the HTML. Starting the app on it costs a phone one to two seconds of main-thread work
 * (docs/performance.md), so for a visitor the page is already right for, the app starts at their
 * first sign of use instead: a touch, a scroll, a key, a mouse move, a focus. Clicks made while
 * it starts are replayed (early-clicks.ts). Everyone else gets the app at once: a signed-in user
 * (the header shows their account; stored user info here, or a session cookie, for which the
 * server sends the page marked to start at once: api/static.ts), a visitor whose saved language
 * or theme differs from the page, an address with a query (it can change what the page shows), a
 * visitor who has already started the app in this tab (a reload, or a link across the isolation
 * border, src/lib/isolation.ts, loads a new document; chunks are cached by then), and pages marked
 * to start at once (their content comes from the API: scripts/build/prerender-pages.ts).
 */
export function canWaitForVisitor(root: HTMLElement): boolean {
  if (root.dataset.hydrate !== 'on-interaction' || window.location.search !== '') return false;
  if (startedInThisTab()) return false;
  if (readStorage(STORAGE_KEYS.userInfo) !== null) return false;
  if (resolveLanguage() !== root.dataset.prerendered) return false;
  const systemDark = typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
  return resolveColorScheme(parseThemePreference(readStorage(STORAGE_KEYS.theme)), systemDark) === 'light';
}

/** sessionStorage lives as long as the tab: the app has already started in it (api/http/security-headers.ts sends no referrer to tell). */
const STARTED_IN_TAB = `${STORAGE_PREFIX}appStartedInTab`;

/** A visitor already using the app in this tab, whose link loaded a new document (the video tools are isolated) or who reloaded. */
function startedInThisTab(): boolean {
  try {
    return window.sessionStorage.getItem(STARTED_IN_TAB) === '1';
  } catch {
    return false;
  }
}

/** Called once the app has started: later documents in this tab start at once. */
export function rememberStartInThisTab(): void {
  try {
    window.sessionStorage.setItem(STARTED_IN_TAB, '1');
  } catch {
    // Storage unavailable: the next page waits for its visitor again.
  }
}

/** dragenter: a file dragged in from the desktop (its drop is kept and made again: early-clicks.ts). */
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll', 'dragenter'] as const;
/** A finger or button going down: the click it may become comes later. */
const PRESSES: ReadonlySet<string> = new Set(['pointerdown', 'touchstart']);
/** What ends a press: its click, or a scroll or long press that takes the gesture over. */
const PRESS_ENDS = ['click', 'pointercancel', 'touchcancel'] as const;
/** A press held longer than this is not waited for (a long press, or a tap on nothing clickable). */
const PRESS_WAIT_MS = 600;

/**
 * Resolves at the visitor's first sign of use; `<html data-app-waiting>` says the page waits for it
 * meanwhile. A press resolves once it has ended, so the click it makes is answered (early-taps.ts)
 * before the app's first long tasks start, not behind them.
 */
export function firstUse(): Promise<void> {
  const root = document.documentElement;
  root.dataset.appWaiting = 'visitor';
  return new Promise<void>((done) => {
    const options = { capture: true, passive: true } as const;
    const onUse = (event: Event) => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, onUse, options);
      delete root.dataset.appWaiting;
      if (PRESSES.has(event.type)) afterPress().then(done, done);
      else done();
    };
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, onUse, options);
  });
}

function afterPress(): Promise<void> {
  return new Promise<void>((done) => {
    const options = { capture: true, passive: true } as const;
    const end = () => {
      window.clearTimeout(timer);
      for (const type of PRESS_ENDS) window.removeEventListener(type, end, options);
      done();
    };
    const timer = window.setTimeout(end, PRESS_WAIT_MS);
    for (const type of PRESS_ENDS) window.addEventListener(type, end, options);
  });
}

/** A page still on screen this long after a click on a link to another page was not left after all (the link opened a download, say). */
const LEAVING_MS = 3000;

/**
 * A click on a link to another page, before the app has started, leaves the page: the browser
 * follows the prerendered anchor. Starting the app then would only hold the navigation up (the
 * next page waits for the current task of this one), so the start is held while the page is being
 * left. Returns the wait to put before each step of the start.
 */
export function holdWhileLeaving(): () => Promise<void> {
  let leftAt = -Infinity;
  // Bubbling, on the window: a click the app or anyone else took over (preventDefault) is not a navigation.
  window.addEventListener('click', (event) => {
    if (leavesPage(event)) leftAt = performance.now();
  });
  return () =>
    new Promise<void>((done) => {
      const check = () => (performance.now() - leftAt < LEAVING_MS ? window.setTimeout(check, 100) : done());
      check();
    });
}

/** A plain click on a link to another page, which the browser will follow (nothing took it over). */
export function leavesPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return false;
  const to = new URL(link.href, window.location.href);
  return to.origin !== window.location.origin || to.pathname + to.search !== window.location.pathname + window.location.search;
}
