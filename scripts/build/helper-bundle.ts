import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('../../helper/main.ts', import.meta.url));
const CONTRACTS = fileURLToPath(new URL('../../contracts', import.meta.url));
/** Where the download panel links the single-file helper (src/features/video-tools/config/start-help.tsx). */
export const HELPER_BUNDLE_FILE = 'helper/video-helper.mjs';

/**
 * Bundles the local video helper (helper/ and the contracts it uses, zod included) into one ES
 * module that runs with `node video-helper.mjs`: no npm install on the user's machine.
 */
export async function buildHelperBundle(minify = true): Promise<string> {
  const out = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    alias: { '@contracts': CONTRACTS },
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** Emits dist/helper/video-helper.mjs at build and serves it (rebuilt per request) in dev. */
export function videoHelperBundle(): Plugin {
  return {
    name: 'video-helper-bundle',
    configureServer(server) {
      server.middlewares.use(`/${HELPER_BUNDLE_FILE}`, (_req, res, next) => {
        buildHelperBundle(false).then(
          (code) => {
            res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            res.end(code);
          },
          (err: unknown) => next(err),
        );
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: HELPER_BUNDLE_FILE, source: await buildHelperBundle() });
    },
  };
}
