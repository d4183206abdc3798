import { createDOMRenderer, renderToStyleElements, SSRProvider } from '@fluentui/react-components';
import { createStore } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppTree } from '../app/app-tree';
import { withRulesApart } from '../app/rehydrate-styles';
import { routes } from '../app/routes';
import { i18next, initI18n, switchLanguage, type Language } from '../lib/i18n';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A public page rendered at build time (scripts/build/prerender-pages.ts), in the same tree the
 * browser hydrates (src/app/app-tree.tsx), with the Griffel styles it used. Data the page fetches
 * is in its loading state, as in the browser's first render.
 */
export async function renderPage(path: string, lang: Language): Promise<{ html: string; styles: string }> {
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
    return { html: await text(prelude), styles: renderToStaticMarkup(<>{renderToStyleElements(withRulesApart(renderer))}</>) };
  };
  // The first pass loads the lazy components; in the second nothing suspends, so React writes the
  // page in place, without the inline scripts that reveal late boundaries.
  await render();
  const page = await render();
  if (page.html.includes('<script') && !process.env.PRERENDER_DEBUG) throw new Error(`${path}: the prerendered page still needs inline scripts`);
  return page;
}
