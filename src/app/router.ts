import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { needsDocumentLoad } from '../lib/isolation';
import { noteLocationChange, registerNavigate } from '../lib/navigation';
import { routes } from './routes';

/** Created after i18n is ready: the first loaders may already need translated messages. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate(
    (to, options) => void router.navigate(to, options),
    () => router.state.navigation.state !== 'idle',
  );
  let location = router.state.location;
  router.subscribe((state) => {
    if (state.location === location) return;
    location = state.location;
    noteLocationChange();
  });
  followIsolationBorderLinks();
  return router;
}

let following = false;

/**
 * Cross-origin isolation comes with the document's headers: a link that crosses its border is left
 * to the browser, which loads a new document. Caught on window in the capture phase, before React
 * Router's links see the click (a router-level redirect would let the router finish its own
 * navigation too, for instance when the page comes back from the back-forward cache).
 */
function followIsolationBorderLinks(): void {
  if (following) return;
  following = true;
  window.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || (link.target !== '' && link.target !== '_self')) return;
      if (needsDocumentLoad(window.location.pathname, link.pathname, window.crossOriginIsolated)) event.stopPropagation();
    },
    true,
  );
}

/**
 * Loads the lazy routes of the current URL before the router exists, so that its first render is
 * the page itself, as prerendered, and not the fallback (React Router's advice for hydrating lazy
 * routes).
 */
export async function loadCurrentRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
