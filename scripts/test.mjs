// `npm test`: type-check, lint, build the PWA, then every test (unit, API on SQLite and — when
// TEST_DATABASE_URL is set — PostgreSQL, end-to-end in headless Chromium). Ends with one
// 'N passed, N failed' line.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild, ensureNodeModules, ensureSystemPackages, must, root, run } from './lib.mjs';

ensureNodeModules();
ensureSystemPackages('test', { required: true });
ensureSystemPackages('serve', { required: false });
console.log('• Type-checking…');
must('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
// Workers compile against WebWorker types; their Node-run tests against the main config.
must('npx', ['tsc', '-p', 'tsconfig.worker.json', '--noEmit']);
must('npx', ['tsc', '-p', 'tsconfig.worker-tests.json', '--noEmit']);
// ESLint and the import arrows of ARCHITECTURE.md (dependency-cruiser): before the build, so a
// broken boundary fails before the slow part of the run.
console.log('• Linting (ESLint, dependency-cruiser)…');
must('npm', ['run', '--silent', 'lint']);
ensureBuild();

const outDir = join(root, 'tests/.artifacts');
mkdirSync(outDir, { recursive: true });
const report = join(outDir, 'vitest.json');
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + (r.numTodoTests ?? 0);
  console.log(`\nvitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
process.exit(status);
