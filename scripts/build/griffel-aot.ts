import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const { shakerEvaluator } = require('@griffel/babel-preset') as { shakerEvaluator: unknown };
/** An evaluator that hands the evaluation @swc/helpers' CommonJS twin of the ES module it asked for. */
const swcHelpersAsCommonJs = (filename: string): [string, null] => [readFileSync(filename.replace(/[/\\]esm[/\\]([^/\\]+)\.js$/, '/cjs/$1.cjs'), 'utf8'), null];

const STYLE_CALL = /\bmake(Styles|ResetStyles|StaticStyles)\s*\(/;

async function aot(code: string, id: string) {
  const out = await transformAsync(code, {
    filename: id,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    presets: [
      [
        require.resolve('@griffel/babel-preset'),
        {
          babelOptions: { presets: [require.resolve('@babel/preset-typescript')] },
          // The preset's defaults (our code through the shaker, node_modules as is), plus
          // @swc/helpers, which Fluent's CommonJS files require but which resolves to ES modules.
          evaluationRules: [
            { action: shakerEvaluator },
            { test: /[/\\]node_modules[/\\]/, action: 'ignore' },
            { test: /[/\\]node_modules[/\\]@swc[/\\]helpers[/\\]esm[/\\]/, action: swcHelpersAsCommonJs },
          ],
        },
      ],
    ],
  });
  return out?.code ? { code: out.code, map: out.map ?? null } : null;
}

/**
 * Griffel's ahead-of-time transform (@griffel/babel-preset, what Fluent's own packages ship):
 * `makeStyles({...})` becomes `__styles({...})` with the class names and CSS computed at build
 * time, so the browser neither runs the style compiler (stylis, rtl-css-js, the token table) nor
 * spends the start-up time it takes. Same classes as the runtime path, which the dev server and
 * the prerender keep using (tests/e2e/prerendered.e2e.ts fails on a hydration mismatch).
 */
export function griffelAot(): Plugin {
  return {
    name: 'griffel-aot',
    apply: 'build',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('/node_modules/') || !/\/src\/.+\.tsx?$/.test(id) || !STYLE_CALL.test(code)) return null;
      return aot(code, id);
    },
  };
}
