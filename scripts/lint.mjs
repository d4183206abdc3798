// `npm run lint` (and `npm test`, after type-checking): the import arrows of ARCHITECTURE.md with
// dependency-cruiser (.dependency-cruiser.cjs, a few seconds), then ESLint (eslint.config.js,
// type-aware, the slow one). Both always run, so one run shows every problem; the exit code is
// non-zero when either finds one.
import { root, run } from './lib.mjs';

/** Every folder and root file whose imports the rules speak about. */
const CRUISED = ['src', 'api', 'contracts', 'engines', 'workers', 'migrations', 'tests', 'scripts', 'widget', 'helper', 'vite.config.ts', 'vitest.config.ts'];

function timed(label, cmd, args) {
  const start = Date.now();
  const status = run(cmd, args, { cwd: root });
  console.log(`  ${label}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return status;
}

const deps = timed('dependency-cruiser', 'npx', ['depcruise', '--config', '.dependency-cruiser.cjs', ...CRUISED]);
const es = timed('eslint', 'npx', ['eslint', '--max-warnings', '0', '.']);
process.exit(deps || es);
