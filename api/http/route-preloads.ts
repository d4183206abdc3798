import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

const DATA_LAYOUT = ['src/app/layouts/data-layout.tsx', 'src/lib/locale-en-rest.ts'];

/**
 * The lazy modules each public landing page waits for before its first paint (src/app/routes.tsx:
 * the page chunk, and for pages under the data layout that layout and the rest of the texts),
 * plus the first-paint texts of the default language. Without these hints the browser discovers
 * them one level at a time (entry → texts → layout → page), a round trip each. Paths compare
 * case-insensitively, as the router does. A module missing from the manifest is skipped (a test
 * checks that every one listed is there).
 */
export const ROUTE_MODULES: ReadonlyArray<{ path: RegExp; modules: readonly string[] }> = [
  { path: /^\/$/, modules: ['src/features/home/components/home-page.tsx'] },
  { path: /^\/pricing\/?$/i, modules: [...DATA_LAYOUT, 'src/features/pricing/components/pricing-page.tsx'] },
  { path: /^\/products\/imagetools\/?$/i, modules: [...DATA_LAYOUT, 'src/features/image-tools/components/image-tools-page.tsx'] },
];
/** The app itself (src/main.tsx imports it once the page allows) and the first-paint texts of the default language. */
export const ALWAYS_MODULES: readonly string[] = ['src/app/boot.tsx', 'src/lib/locale-en.ts'];

/**
 * For a URL path, the `<link rel="modulepreload">` tags to add to index.html: the listed modules
 * and everything they import statically, minus what index.html already loads; for other paths
 * ALWAYS_MODULES alone (the app's code, which the small entry imports). Empty when the build has
 * no manifest.
 */
export function createRoutePreloads(root: string, indexHtml: string): (path: string) => string {
  const manifestFile = join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const inHtml = new Set([...indexHtml.matchAll(/(?:src|href)="\/?([^"]+)"/g)].map((m) => m[1]));
  const filesOf = (modules: readonly string[]): string[] => {
    const seen = new Set<string>();
    const out: string[] = [];
    const visit = (key: string): void => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (!inHtml.has(chunk.file) && chunk.file.endsWith('.js')) out.push(chunk.file);
      chunk.imports?.forEach(visit);
    };
    modules.forEach(visit);
    return out;
  };
  const tags = ROUTE_MODULES.map(({ path, modules }) => ({
    path,
    html: filesOf([...ALWAYS_MODULES, ...modules]).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join(''),
  }));
  const always = filesOf(ALWAYS_MODULES).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
  return (path) => tags.find((t) => t.path.test(path))?.html ?? always;
}
