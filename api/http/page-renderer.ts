import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the build puts the page renderer (scripts/build/prerender-pages.ts: PAGE_RENDERER_DIR, PAGE_RENDERER_FILE). */
export const PAGE_RENDERER_DIR = 'server';
const PAGE_RENDERER_FILE = 'render-page.mjs';
/** Rendered pages kept (per language and data): a change of the data adds one, the oldest goes. */
const KEPT = 16;

type Lang = 'en' | 'zh';
/** src/prerender/render-page.tsx's renderDocument, as built for Node. */
type RenderDocument = (template: string, path: string, lang: Lang, options: { data: Record<string, unknown>; start: 'on-interaction' }) => Promise<string>;

/** A page's live data in a language: SWR key → value, as the app would fetch it. */
export type LiveData = (lang: Lang) => Promise<Record<string, unknown>>;

export interface LivePages<T> {
  /** Whether `route` is rendered from live data. */
  has(route: string): boolean;
  /** The page rendered with its data now (then `finish`ed), or null when it cannot be: no renderer built, the data or the render failed. */
  page(route: string, lang: Lang): Promise<T | null>;
}

/**
 * Pages the build cannot prerender whole, because what they show comes from the database (the
 * price cards of /pricing), rendered on request by the build's page renderer with their live data
 * and kept until that data changes: the page arrives complete, the app can wait for the visitor's
 * first use before it starts (src/app/hydration-trigger.ts), and nothing shown is ever stale.
 */
export function createLivePages<T>(options: { dir: string; template: string; sources: Record<string, LiveData>; finish: (html: string) => T; onError: (err: unknown, what: string) => void }): LivePages<T> {
  const { dir, template, sources, finish, onError } = options;
  const file = join(dir, PAGE_RENDERER_DIR, PAGE_RENDERER_FILE);
  let renderer: Promise<RenderDocument | null> | undefined;
  const pages = new Map<string, Promise<T | null>>();

  const loadRenderer = () =>
    (renderer ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (m: { renderDocument: RenderDocument }) => m.renderDocument,
          (err: unknown) => {
            onError(err, 'page renderer did not load');
            return null;
          },
        )
      : Promise.resolve(null));

  return {
    has: (route) => Object.hasOwn(sources, route),
    async page(route, lang) {
      const source = sources[route];
      const render = await loadRenderer();
      if (!source || !render) return null;
      let data: Record<string, unknown>;
      try {
        data = await source(lang);
      } catch (err) {
        onError(err, `live data of ${route}`);
        return null;
      }
      const key = `${lang}:${route}:${JSON.stringify(data)}`;
      let page = pages.get(key);
      if (!page) {
        page = render(template, route, lang, { data, start: 'on-interaction' }).then(finish, (err: unknown) => {
          onError(err, `render of ${route}`);
          return null;
        });
        pages.set(key, page);
        // Oldest first in a Map: drop beyond the limit.
        for (const old of pages.keys()) {
          if (pages.size <= KEPT) break;
          pages.delete(old);
        }
      }
      return page;
    },
  };
}
