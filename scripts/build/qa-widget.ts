import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('../../widget/qa/widget.ts', import.meta.url));
/** Where host pages load the widget from (docs/qa-bot.md): one script tag, served by our origin. */
export const QA_WIDGET_FILE = 'widget/qa-bot.js';

/** Bundles the embeddable QA widget on its own: no React, no i18next, an IIFE for any page. */
export async function buildQaWidget(minify = true): Promise<string> {
  const out = await build({ entryPoints: [ENTRY], bundle: true, minify, format: 'iife', target: 'es2019', write: false, legalComments: 'none', logLevel: 'silent' });
  return out.outputFiles[0]!.text;
}

/** Emits dist/widget/qa-bot.js at build and serves it (rebuilt per request) in dev. */
export function qaWidget(): Plugin {
  return {
    name: 'qa-widget',
    configureServer(server) {
      server.middlewares.use(`/${QA_WIDGET_FILE}`, (_req, res, next) => {
        buildQaWidget(false).then(
          (code) => {
            res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            res.end(code);
          },
          (err: unknown) => next(err),
        );
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: QA_WIDGET_FILE, source: await buildQaWidget() });
    },
  };
}
