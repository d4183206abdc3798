/**
 * `npm run bench`: every benchmark in this folder, one after another, each printing its figures
 * against a baseline measured in the same run. Pass names to run some: `npm run bench -- pdf-to-word`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  // pdf-to-word.ts prints the round trip after its own figures: run it once.
  .filter((f, _, all) => f !== 'pdf-roundtrip.ts' || !all.includes('pdf-to-word.ts'));

// The first-paint figure is read from a production build.
if (benches.includes('first-paint-size.ts')) {
  spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const res = spawnSync('npx', ['tsx', join(here, bench)], { stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
