// `npm run lint` (and `npm test`, beside the type-check): the import arrows of ARCHITECTURE.md
// with dependency-cruiser (.dependency-cruiser.cjs, a few seconds), then ESLint (eslint.config.js,
// type-aware, the slow one) on the files that changed since the last clean run and every file
// that imports them (scripts/lint-scope.mjs; everything on a fresh clone or with LINT_FULL=1).
// Both always run, so one run shows every problem; the exit code is non-zero when either finds one.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { lintScope } from './lint-scope.mjs';
import { root, run } from './lib.mjs';

/** Every folder and root file whose imports the rules speak about. */
const CRUISED = ['src', 'api', 'contracts', 'engines', 'workers', 'migrations', 'tests', 'scripts', 'widget', 'helper', 'vite.config.ts', 'vitest.config.ts'];
const cache = join(root, 'node_modules/.cache/lint');
const graphFile = join(cache, 'graph.json');

function timed(label, cmd, args) {
  const start = Date.now();
  const status = run(cmd, args, { cwd: root });
  console.log(`  ${label}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return status;
}

mkdirSync(cache, { recursive: true });
rmSync(graphFile, { force: true });
// One cruise gives both the rules' verdict and the graph the lint scope needs.
let deps = timed('dependency-cruiser', 'npx', ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--output-to', graphFile, ...CRUISED]);
const graph = existsSync(graphFile) ? JSON.parse(readFileSync(graphFile, 'utf8')) : null;
if (graph && (graph.summary.error > 0 || graph.summary.warn > 0)) {
  run('npx', ['depcruise-fmt', '--output-type', 'err-long', graphFile], { cwd: root });
  deps ||= 1;
}

const scope = graph ? lintScope({ root, manifestPath: join(cache, 'eslint-manifest.json'), graph, force: process.env.LINT_FULL === '1' }) : { files: null, why: 'no import graph', save: () => undefined };
let es = 0;
if (scope.files === null) {
  console.log(`  eslint: every file (${scope.why})`);
  es = timed('eslint', 'npx', ['eslint', '--max-warnings', '0', '.']);
} else if (scope.files.length === 0) {
  console.log(`  eslint: nothing to lint again (${scope.why})`);
} else {
  console.log(`  eslint: ${scope.why}`);
  es = timed('eslint', 'npx', ['eslint', '--max-warnings', '0', '--no-warn-ignored', ...scope.files]);
}
if (es === 0) scope.save();
process.exit(deps || es);
