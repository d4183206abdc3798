import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/build/precompress.js';
import { griffelAot } from './scripts/build/griffel-aot.js';
import { prerenderPages } from './scripts/build/prerender-pages.js';
import { qaWidget } from './scripts/build/qa-widget.js';
import { videoHelperBundle } from './scripts/build/helper-bundle.js';
import { readingAssets } from './scripts/build/reading-assets.js';
import { aiImageAssets } from './scripts/build/ai-image-assets.js';
import { isolatedPageHandler, isolatedPagePath, isolatedPageUrl } from './scripts/build/sw-isolated-pages.js';

const THEME_COLOR = '#2f5bea';

/** The layers every runtime shares (tsconfig.json `paths` says the same to TypeScript and tsx). */
export const layerAliases = {
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
  '@engines': fileURLToPath(new URL('./engines', import.meta.url)),
};

/**
 * pdf.js's side files (CMaps for CJK text, standard fonts, wasm decoders) served under /pdfjs/:
 * copied into dist/ at build, read from node_modules in dev. The document worker points pdf.js
 * there, so nothing is fetched from a CDN.
 */
function pdfjsAssets(): Plugin {
  const source = 'node_modules/pdfjs-dist';
  const dirs = ['cmaps', 'standard_fonts', 'wasm'];
  return {
    name: 'pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs/', (req, res, next) => {
        const file = normalize(join(source, (req.url ?? '').split('?')[0] ?? ''));
        if (!dirs.some((d) => file.startsWith(join(source, d))) || !existsSync(file) || !statSync(file).isFile()) return next();
        createReadStream(file).pipe(res);
      });
    },
    writeBundle(options) {
      const out = options.dir ?? 'dist';
      for (const d of dirs) cpSync(join(source, d), join(out, 'pdfjs', d), { recursive: true });
    },
  };
}

export default defineConfig({
  resolve: { alias: layerAliases },
  plugins: [
    griffelAot(),
    react(),
    pdfjsAssets(),
    qaWidget(),
    // The single-file local video helper users download and run with Node (docs/local-helper.md).
    videoHelperBundle(),
    readingAssets(),
    aiImageAssets(),
    VitePWA({
      // The update prompt is ours (src/app/pwa), so the plugin must not inject a registration script.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'DocuFlow — documents, images, video and AI tools',
        short_name: 'DocuFlow',
        description: 'Convert documents, edit images and video, and work faster with AI tools.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: THEME_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // mjs for pdf.js's worker. pdf.js's wasm decoders stay out of the install download; they are
        // cached on first use instead (hashed names, CacheFirst). The WebP encoder's SIMD wasm is
        // precached so the image tools encode at full speed offline (without it they fall back to
        // the canvas encoder).
        // pdf.js's standard fonts (800 KB; PDFs that do not embed Helvetica or Times need them to
        // draw pages) and the signature's Latin hand are precached so the PDF tools work offline
        // (docs/pdf-tools-offline.md).
        globPatterns: [
          '**/*.{js,mjs,css,html,svg,png,ico,webmanifest,json}',
          'assets/webp_enc_simd-*.wasm',
          'assets/mozjpeg_enc-*.wasm',
          'pdfjs/standard_fonts/*.{pfb,ttf}',
          'assets/dancing-script-*.woff2',
        ],
        // openjpeg_nowasm_fallback.js (450 KB) decodes JPEG 2000 only where WebAssembly is missing,
        // which no browser this app supports lacks.
        globIgnores: ['server/**', 'helper/**', 'ocr/**', 'reader-data/**', 'ai-models/**', 'assets/clarity.worker-*.js', 'assets/face.worker-*.js', 'pdfjs/**/*.wasm', 'pdfjs/**/*_nowasm_fallback.js', '.vite/**', 'prerendered/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, isolatedPagePath],
        runtimeCaching: [
          {
            // The video tools get the same app shell with COOP and COEP, so they are cross-origin
            // isolated when the service worker answers too (ffmpeg's threads need it).
            urlPattern: isolatedPageUrl,
            handler: isolatedPageHandler,
          },
          {
            // The reader's OCR engine, language data and dictionary (scripts/build/reading-assets.ts):
            // too large to precache, kept after first use so the reader works offline.
            urlPattern: ({ url }) => url.pathname.startsWith('/ocr/') || url.pathname.startsWith('/reader-data/'),
            handler: 'CacheFirst',
            options: { cacheName: 'reader-data', expiration: { maxEntries: 12 } },
          },
          {
            // The AI image tools' models and tfjs wasm (scripts/build/ai-image-assets.ts): fetched by
            // their workers on first use, kept for offline use; before the generic wasm rule, whose
            // small cache would evict them.
            urlPattern: ({ url }) => url.pathname.startsWith('/ai-models/'),
            handler: 'CacheFirst',
            options: { cacheName: 'ai-models', expiration: { maxEntries: 16 } },
          },
          {
            // The PDF tools' side files too large to precache: pdf.js's CMaps (CJK text) and the
            // Chinese signature hand's pieces; kept after first use for offline runs.
            urlPattern: ({ url }) => url.pathname.startsWith('/pdfjs/cmaps/') || /^\/assets\/ma-shan-zheng-.+\.woff2$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'pdf-side-files', expiration: { maxEntries: 200 } },
          },
          {
            urlPattern: ({ url }) => url.pathname.endsWith('.wasm'),
            handler: 'CacheFirst',
            options: { cacheName: 'wasm', expiration: { maxEntries: 16 } },
          },
          {
            urlPattern: ({ url }) => /^\/assets\/.+\.worker-[\w-]+\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'workers', expiration: { maxEntries: 16 } },
          },
        ],
      },
    }),
    // Last: compresses what every plugin above wrote, the service worker included.
    precompress(),
    prerenderPages(),
  ],
  // ffmpeg.wasm's packages load their core at run time by URL: pre-bundling them in dev breaks that.
  optimizeDeps: { exclude: ['@ffmpeg/ffmpeg', '@ffmpeg/util'] },
  // ES-module workers let the engines split into lazy chunks: a worker loads only the library
  // of the conversion it runs (exceljs, pdf.js, docx, pptxgenjs), never all of them.
  worker: { format: 'es' },
  build: {
    // tests/bench/first-paint-size.ts reads the static import graph from the manifest.
    manifest: true,
    target: 'es2022',
    // No preload links added at run time: Vite's helper appended one <link rel="modulepreload"> per
    // chunk of every dynamic import, on the main thread, about 70 ms on a traced start of the
    // pricing page. The browser fetches a module's imports itself; the first page of a visit gets
    // its chunks as hints in the HTML from the server (api/http/route-preloads.ts), and the
    // service worker holds every chunk after that.
    modulePreload: false,
  },
  server: {
    proxy: {
      // Only the API: Vite serves the source files (src, contracts, engines) itself in dev.
      '/api/v1': { target: 'http://127.0.0.1:8787', changeOrigin: false },
    },
  },
});
