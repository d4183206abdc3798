import { PATHS } from './paths';

/** Pages served cross-origin isolated (COEP require-corp, api/static.ts) so ffmpeg.wasm can use threads. */
export function isIsolatedPath(pathname: string): boolean {
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  const root = PATHS.videoTools.toLowerCase();
  return p === root || p.startsWith(`${root}/`);
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
