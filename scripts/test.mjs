// `npm test`: type-check, lint and build the PWA (at once: each is mostly one thread, and the
// machines have two cores), then every test (unit, API on SQLite and — when TEST_DATABASE_URL is
// set — PostgreSQL, end-to-end in headless Chromium, the newcomer smoke suite). Ends with the time
// of each phase and one 'N passed, N failed' line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureNodeModules, ensureSystemPackages, root, run } from './lib.mjs';

const phases = [];
const timed = async (label, work) => {
  const start = Date.now();
  const status = await work();
  phases.push({ label, seconds: (Date.now() - start) / 1000, status });
  return status;
};

/** Runs a command with its output held back and printed whole when it ends, so parallel phases do not interleave. */
function quietly(label, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('close', (code) => {
      console.log(`\n• ${label}: ${code === 0 ? 'ok' : `failed (exit ${code})`}`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code ?? 1);
    });
  });
}

const sequence = async (steps) => {
  for (const step of steps) {
    const status = await step();
    if (status !== 0) return status;
  }
  return 0;
};

function summary() {
  console.log('\nTime by phase:');
  for (const p of phases) console.log(`  ${p.label.padEnd(40)} ${p.seconds.toFixed(1).padStart(7)} s${p.status === 0 ? '' : '  (failed)'}`);
  const total = phases.reduce((sum, p) => (p.label.startsWith('  ') ? sum : sum + p.seconds), 0);
  console.log(`  ${'total'.padEnd(40)} ${total.toFixed(1).padStart(7)} s`);
}

await timed('set-up (packages)', async () => {
  ensureNodeModules();
  ensureSystemPackages('test', { required: true });
  ensureSystemPackages('serve', { required: false });
  return 0;
});

console.log('• Type-checking, linting (ESLint, dependency-cruiser) and building the web app at once…');
const checks = await timed('type-check + lint + build (parallel)', async () => {
  const results = await Promise.all([
    timed('  type-check (3 configs)', () =>
      sequence([
        () => quietly('type-check (app)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
        // Workers compile against WebWorker types; their Node-run tests against the main config.
        () => quietly('type-check (workers)', 'npx', ['tsc', '-p', 'tsconfig.worker.json', '--noEmit']),
        () => quietly('type-check (worker tests)', 'npx', ['tsc', '-p', 'tsconfig.worker-tests.json', '--noEmit']),
      ]),
    ),
    timed('  lint', () => quietly('lint', 'npm', ['run', '--silent', 'lint'])),
    timed('  build (when sources changed)', () => quietly('build', 'node', [join(root, 'scripts/ensure-build.mjs')])),
  ]);
  return results.find((s) => s !== 0) ?? 0;
});
if (checks !== 0) {
  summary();
  console.error('\n✖ type-check, lint or build failed: tests not run');
  process.exit(checks);
}

const outDir = join(root, 'tests/.artifacts');
mkdirSync(outDir, { recursive: true });
const report = join(outDir, 'vitest.json');
const status = await timed('vitest (unit, API, e2e, smoke)', async () =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]),
);
summary();
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + (r.numTodoTests ?? 0);
  console.log(`\nvitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
process.exit(status);
