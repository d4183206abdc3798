// `npm test`: type-check, lint and build the PWA while the unit and API files run (API on SQLite
// and — when TEST_DATABASE_URL is set — PostgreSQL), all at once: each check is mostly one thread
// and the test files mostly wait on the database. Then the end-to-end journeys in headless
// Chromium, the newcomer smoke suite and the heavy files. Ends with the time of each phase and one
// 'N passed, N failed' line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureNodeModules, ensureSandboxUser, ensureSystemPackages, root } from './lib.mjs';

const phases = [];
const timed = async (label, work) => {
  const start = Date.now();
  const status = await work();
  phases.push({ label, seconds: (Date.now() - start) / 1000, status });
  return status;
};

/**
 * Runs a check with its output held back and printed whole when it ends, so parallel phases do
 * not interleave. At the lowest CPU priority: the product's engine threads run at nice 19 (so a
 * busy server answers requests first), and beside a normal-priority type-check, lint and build
 * they got almost no CPU on a fresh clone, where nothing is cached: the unit files that convert
 * or import through them timed out at 30 s (CI, 2026-11-28). At equal priority they share.
 */
function quietly(label, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '19', cmd, ...args], { cwd: root, env: process.env });
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

/**
 * tsc's own incremental mode (it re-checks what changed and what depends on it, so the answer is
 * the same as a full check) with its state kept out of the tree: a second run checks in seconds.
 */
const incremental = (name) => ['--incremental', '--tsBuildInfoFile', join(root, 'node_modules/.cache/tsc', `${name}.tsbuildinfo`)];

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
  ensureSandboxUser();
  return 0;
});

const outDir = join(root, 'tests/.artifacts');
mkdirSync(outDir, { recursive: true });
const args = process.argv.slice(2);
for (const old of ['vitest.json', 'vitest-unit.json', 'vitest-rest.json']) rmSync(join(outDir, old), { force: true });

/** One vitest run over some projects, its output streamed, its JSON report kept for the summary. */
function vitest(projects, report) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${join(outDir, report)}`, ...args], { cwd: root, env: process.env, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

// The unit and API files need neither the build nor the checks' verdict, and mostly wait on the
// database or the disk: they run beside the type-check, the linters and the build. The journeys
// serve the build, so they and the heavy files follow.
console.log('• Type-checking, linting (ESLint, dependency-cruiser), building the web app and running the unit and API files at once…');
let unit = 1;
const checks = await timed('checks + build + unit files (parallel)', async () => {
  const results = await Promise.all([
    timed('  type-check (3 configs)', () =>
      sequence([
        () => quietly('type-check (app)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit', ...incremental('tsconfig')]),
        // Workers compile against WebWorker types; their Node-run tests against the main config.
        () => quietly('type-check (workers)', 'npx', ['tsc', '-p', 'tsconfig.worker.json', '--noEmit', ...incremental('tsconfig.worker')]),
        () => quietly('type-check (worker tests)', 'npx', ['tsc', '-p', 'tsconfig.worker-tests.json', '--noEmit', ...incremental('tsconfig.worker-tests')]),
      ]),
    ),
    timed('  lint', () => quietly('lint', 'npm', ['run', '--silent', 'lint'])),
    timed('  build (when sources changed)', () => quietly('build', 'node', [join(root, 'scripts/ensure-build.mjs')])),
    timed('  vitest: unit and API files', async () => (unit = await vitest(['unit'], 'vitest-unit.json'))),
  ]);
  return results.slice(0, 3).find((s) => s !== 0) ?? 0;
});

let rest = 1;
if (checks === 0) {
  rest = await timed('vitest: journeys, smoke, heavy files', () => vitest(['e2e', 'heavy'], 'vitest-rest.json'));
}
summary();
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const name of ['vitest-unit.json', 'vitest-rest.json']) {
  const file = join(outDir, name);
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${relative(root, file.name)} › ${t.fullName}\n      ${String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 800)}`);
    }
    // A file that fails to load or times out in a hook has no failed assertion of its own.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) failures.push(`${relative(root, file.name)}\n      ${String(file.message ?? '').split('\n')[0].slice(0, 800)}`);
  }
}
// Printed last, so the tail of a long CI log names what failed.
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
console.log(`\nvitest: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (checks !== 0) console.error('\n✖ type-check, lint or build failed: the journeys and heavy files were not run');
process.exit(checks || unit || rest);
