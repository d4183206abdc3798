import { createDOMRenderer, RendererProvider, renderToStyleElements, SSRProvider } from '@fluentui/react-components';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppTree } from '../app/app-tree';
import { withRulesApart } from '../app/rehydrate-styles';
import { routes } from '../app/routes';
import { i18next, initI18n, switchLanguage, type Language } from '../lib/i18n';
import { pageDataElement, renderWithPageData } from '../lib/page-data';
import { EarlyMenu, earlyMenuStyles } from './early-menu';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A public page rendered at build time (scripts/build/prerender-pages.ts), in the same tree the
 * browser hydrates (src/app/app-tree.tsx), with the Griffel styles it used. Data the page fetches
 * is in its loading state, as in the browser's first render, unless given in `data` (SWR key →
 * value, src/lib/page-data.ts), which the server does at request time for pages built from it.
 */
export function renderPage(path: string, lang: Language, data: Record<string, unknown> = {}): Promise<RenderedPage> {
  return oneAtATime(() => renderWithPageData(data, () => renderNow(path, lang)));
}

let queue: Promise<unknown> = Promise.resolve();

/** Pages render one at a time: the language and the page's data are global while one renders. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The page's markup, its styles, and the menu shown at a tap before the app has started (early-menu.tsx). */
interface RenderedPage {
  html: string;
  styles: string;
  earlyMenu: string;
}

async function renderNow(path: string, lang: Language): Promise<RenderedPage> {
  if (!i18next.isInitialized) await initI18n(lang);
  else await switchLanguage(lang);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answers a redirect: not a page to prerender`);
  const render = async () => {
    const renderer = createDOMRenderer();
    const { prelude } = await prerenderToNodeStream(
      <SSRProvider>
        <AppTree store={createStore()} renderer={renderer}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </AppTree>
      </SSRProvider>,
      // Boundaries past this size would be sent apart and revealed by inline scripts (React's
      // streaming heuristic); a prerendered page has nothing to stream, and the CSP forbids those.
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    // Its ids apart from the page's; its styles too (early-menu.tsx: earlyMenuStyles).
    const menuRenderer = createDOMRenderer();
    const menu = await prerenderToNodeStream(
      <RendererProvider renderer={menuRenderer}>
        <JotaiProvider store={createStore()}>
          <StaticRouter location={path}>
            <EarlyMenu />
          </StaticRouter>
        </JotaiProvider>
      </RendererProvider>,
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER, identifierPrefix: 'early-menu-' },
    );
    return {
      html: await text(prelude),
      earlyMenu: (await text(menu.prelude)) + earlyMenuStyles(renderer, menuRenderer),
      styles: renderToStaticMarkup(<>{renderToStyleElements(withRulesApart(renderer))}</>),
    };
  };
  // The first pass loads the lazy components; in the second nothing suspends, so React writes the
  // page in place, without the inline scripts that reveal late boundaries.
  await render();
  const page = await render();
  if ((page.html.includes('<script') || page.earlyMenu.includes('<script')) && !process.env.PRERENDER_DEBUG) throw new Error(`${path}: the prerendered page still needs inline scripts`);
  return page;
}

const ROOT_WITH_BOOT = /<div id="root">[\s\S]*?<\/span><\/div><\/div>/;

/** When the app starts on the page: as soon as it has loaded, or at the visitor's first use (src/app/hydration-trigger.ts). */
export type StartPolicy = 'at-once' | 'on-interaction';

/**
 * The whole document of a page: the built index.html (`template`) with the page in place of the
 * boot spinner, its styles, and the data it was rendered with. Used by the build for the
 * prerendered pages (scripts/build/prerender-pages.ts) and by the server for pages rendered with
 * live data (api/http/page-renderer.ts).
 */
export async function renderDocument(template: string, path: string, lang: Language, { data = {}, start }: { data?: Record<string, unknown>; start: StartPolicy }): Promise<string> {
  if (!ROOT_WITH_BOOT.test(template)) throw new Error('index.html: no <div id="root"> with the boot spinner to replace');
  const { html, styles, earlyMenu } = await renderPage(path, lang, data);
  const dataElement = Object.keys(data).length > 0 ? pageDataElement(data) : '';
  return template
    .replace('<html lang="en">', `<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}" style="color-scheme: light">`)
    .replace('</head>', `${styles}</head>`)
    .replace(ROOT_WITH_BOOT, () => `<div id="root" data-prerendered="${lang}" data-hydrate="${start}">${html}</div><template id="early-menu">${earlyMenu}</template>${dataElement}`);
}
