/**
 * Lets plain modules (the API client) navigate inside the SPA without importing the router,
 * which lives in src/app. The app registers the router's navigate at start-up.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);
let pendingImpl: () => boolean = () => false;
let locationChanges = 0;

/** `pending` says whether the router is between pages (loading a route's code or data). */
export function registerNavigate(fn: Navigate, pending?: () => boolean): void {
  navigateImpl = fn;
  if (pending) pendingImpl = pending;
}

/** Called by the router each time the page's location changes (push, replace, back or forward). */
export function noteLocationChange(): void {
  locationChanges += 1;
}

/**
 * How many times the location has changed since start-up: a delayed reaction compares it with its
 * own start, so that leaving a page and coming back to it (the same path) does not count as staying.
 */
export function locationVersion(): number {
  return locationChanges;
}

/** True while a navigation is under way: the page it leads to decides where the visitor goes next. */
export function navigationPending(): boolean {
  return pendingImpl();
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** Login and register pages never redirect to themselves. */
export function isAuthPage(pathname = window.location.pathname): boolean {
  const p = pathname.toLowerCase();
  return p === '/login' || p === '/register';
}

export function loginUrl(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * Where to go after login: only same-site paths, so `?redirect=https://evil.example` or
 * `//evil.example` cannot turn the login page into an open redirect.
 */
export function safeRedirect(raw: string | null, fallback = '/'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if (isAuthPage(raw.split('?')[0])) return fallback;
  return raw;
}
