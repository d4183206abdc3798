import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** Public pages sent prerendered, in each language; the rest is the plain app shell. */
export const PRERENDERED_PATHS = ['/', '/pricing', '/products/imageTools'] as const;
export const PRERENDERED_LANGUAGES = ['en', 'zh'] as const;
export const PRERENDERED_DIR = 'prerendered';
/**
 * Prerendered pages whose app starts as soon as the page has loaded: the price cards come from
 * the API. The others wait for the visitor's first touch, key or move (src/app/hydration-trigger.ts).
 */
const STARTED_AT_ONCE: ReadonlySet<string> = new Set(['/pricing']);

/** Where a prerendered page lies under the build: `prerendered/zh/pricing.html`; paths compare in lower case, as the router matches. */
export function prerenderedFile(lang: string, path: string): string {
  const name = path === '/' ? 'index' : path.replace(/^\/|\/$/g, '').toLowerCase();
  return `${PRERENDERED_DIR}/${lang}/${name}.html`;
}

/** The server's page renderer (api/http/page-renderer.ts reads it from there): render-page.tsx built for Node, under dist/. */
const PAGE_RENDERER_DIR = 'server';
const PAGE_RENDERER_FILE = 'render-page.mjs';

/**
 * After the client build, renders PRERENDERED_PATHS in both languages with React on Node (through
 * Vite's SSR loader, the same modules the browser gets) into copies of the built index.html. The
 * browser paints the page from the HTML, before any script runs, and then hydrates it
 * (src/main.tsx); the server picks the copy (api/static.ts). The pages are light (the server
 * sends the plain app to a visitor whose pages open dark), so they say so to the browser too.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      const { createServer } = await import('vite');
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        mode: 'production',
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderDocument } = (await server.ssrLoadModule('/src/prerender/render-page.tsx')) as typeof import('../../src/prerender/render-page');
        for (const lang of PRERENDERED_LANGUAGES) {
          for (const path of PRERENDERED_PATHS) {
            const page = await renderDocument(template, path, lang, { start: STARTED_AT_ONCE.has(path) ? 'at-once' : 'on-interaction' });
            const file = join(outDir, prerenderedFile(lang, path));
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, page);
          }
        }
      } finally {
        await server.close();
      }
      await buildPageRenderer(config, join(outDir, PAGE_RENDERER_DIR));
    },
  };
}

/**
 * render-page.tsx and the app it renders, bundled for Node into one module with its chunks
 * (dependencies included: Fluent's packages are not loadable by Node's own resolver), for the
 * server to render pages from live data (/pricing with the published bundles). Virtual modules of
 * browser-only plugins stay imports: the pages it renders never load them.
 */
async function buildPageRenderer(config: ResolvedConfig, outDir: string): Promise<void> {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const pwaRegisterStub: Plugin = {
    name: 'pwa-register-stub',
    resolveId: (id) => (id === 'virtual:pwa-register' ? '\0pwa-register-stub' : null),
    load: (id) => (id === '\0pwa-register-stub' ? 'export function registerSW() { return () => Promise.resolve(); }' : null),
  };
  await build({
    configFile: false,
    root: config.root,
    mode: 'production',
    logLevel: 'warn',
    resolve: { alias: config.resolve.alias },
    plugins: [react(), pwaRegisterStub],
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/prerender/render-page.tsx',
      outDir,
      emptyOutDir: true,
      target: 'node20',
      copyPublicDir: false,
      rollupOptions: { external: [/^virtual:(?!pwa-register$)/], output: { format: 'esm', entryFileNames: PAGE_RENDERER_FILE } },
    },
  });
  // Its chunks are .js files: without this, a build outside the repository (the benchmarks build
  // under the system's temp folder) has them read as CommonJS by a loader such as tsx's, the
  // renderer fails to load and /pricing falls back to its prerendered copy.
  await writeFile(join(outDir, 'package.json'), '{ "type": "module" }\n');
}
