import { ISOLATED_ROOTS } from '../../src/lib/isolation.js';

/**
 * The service worker's side of cross-origin isolation (src/lib/isolation.ts). Isolation comes
 * with a document's response headers, and the service worker answers every navigation with its
 * precached app shell, stored without COEP (only the isolated pages get it from the server): the
 * video tools were isolated on a first visit only, and ffmpeg.wasm then ran on one thread. Their
 * navigations get the same shell with COOP and COEP added, as the server sends.
 */
const roots = ISOLATED_ROOTS.map((root) => root.replace(/[/]/g, '\\/')).join('|');

/** Paths (with their query) the navigation fallback leaves to `isolatedPageRoute`. */
export const isolatedPagePath = new RegExp(`^(?:${roots})(?:[/?#]|$)`, 'i');

/**
 * The same pages by full URL, as workbox's RegExp routes match (anchored at the origin, so
 * `/login?redirect=/products/videoTools` is not one of them).
 */
export const isolatedPageUrl = new RegExp(`^https?:\\/\\/[^/]+(?:${roots})(?:[/?#]|$)`, 'i');

/**
 * Serialised into the service worker by workbox-build (Function#toString): it may use nothing
 * from this module, only what a service worker has.
 */
export const isolatedPageHandler = async ({ request }: { request: Request }): Promise<Response> => {
  const shell = await caches.match('/index.html', { ignoreSearch: true });
  const response = shell ?? (await fetch(request));
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
