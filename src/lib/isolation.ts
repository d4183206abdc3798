import { PATHS } from './paths.js';

/** The roots of the pages served cross-origin isolated (COEP require-corp, api/static.ts; the service worker, scripts/build/sw-isolated-pages.ts). */
export const ISOLATED_ROOTS = [PATHS.videoTools].map((root) => root.toLowerCase());

/** Pages served cross-origin isolated so ffmpeg.wasm can use threads. */
export function isIsolatedPath(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return ISOLATED_ROOTS.some((root) => p === root || p.startsWith(`${root}/`));
}

/**
 * Isolation is a property of the document, set by its response headers: a client-side
 * navigation keeps whatever the first page had. Entering the video tools from another page
 * (not isolated) and leaving them while isolated (payment pages must never be) therefore take a
 * full document load; moving between video panels does not.
 */
export function needsDocumentLoad(fromPath: string, toPath: string, documentIsolated: boolean): boolean {
  const from = isIsolatedPath(fromPath);
  const to = isIsolatedPath(toPath);
  if (from === to) return false;
  return to ? !documentIsolated : documentIsolated;
}
