import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { registerNavigate } from '../lib/navigation';
import { routes } from './routes';

/** Created after i18n is ready: the first loaders may already need translated messages. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerNavigate((to, options) => void router.navigate(to, options));
  return router;
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
