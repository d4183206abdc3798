/**
 * Lighthouse (mobile preset: simulated slow 4G and 4× CPU) on /, /pricing and /products/imageTools
 * of a freshly built app served by startServer, with Debian's Chromium. Baseline in the same run:
 * a one-line static page on a bare @hono/node-server, the best this machine and Lighthouse give.
 * Target: performance ≥ 95 on each page. The landing pages start the app at the visitor's first
 * use (src/app/hydration-trigger.ts); the bench also prints what the first tap costs then, for
 * the controls tapped first (helpers/first-tap.ts: at 4x CPU, a tap and a click, each against the
 * same once the app has started, target ≤ 300 ms). Each page is measured LIGHTHOUSE_RUNS times
 * (default 3) and the median run is printed, as Lighthouse advises for its variance. Run:
 * npx tsx tests/bench/lighthouse.ts (LIGHTHOUSE_DIST=<dir> reuses a build instead of building;
 * FIRST_TAP_RUNS, default 3, the runs of each first tap; LIGHTHOUSE_RUNS=0 prints only those).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { FIRST_TAP_TARGET_MS, firstTapFigures, formatFirstTaps } from './helpers/first-tap.js';
import { formatScores, lighthouseMedian } from './helpers/lighthouse-run.js';

const PAGES = ['/', '/pricing', '/products/imageTools'];
const TARGET = 95;
const RUNS = Math.max(0, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const TAP_RUNS = Math.max(1, Number(process.env.FIRST_TAP_RUNS ?? 3));
const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');

async function bareBaseline(): Promise<string> {
  const app = new Hono().get('/', (c) => c.html('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>bare</title><meta name="description" content="bare page"></head><body><h1>Hello</h1></body></html>'));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  const s = await lighthouseMedian(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, RUNS);
  server.close();
  return formatScores('bare static page', s);
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'));
  let dist = process.env.LIGHTHOUSE_DIST;
  if (!dist) {
    dist = join(work, 'dist');
    const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: repo, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  // The app server in its own process, so Lighthouse's trace processing does not share its event loop.
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'helpers', 'app-server.ts'), dist], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [url] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    let below = 0;
    if (RUNS > 0) console.log(await bareBaseline());
    for (const page of RUNS > 0 ? PAGES : []) {
      const s = await lighthouseMedian(url + page, RUNS);
      console.log(`${formatScores(page, s)}  (median of ${RUNS}: ${s.runs.join(', ')})`);
      if (s.scores.performance < TARGET) {
        below += 1;
        console.log(`    what costs points: ${s.losses.join(', ')}`);
      }
    }
    // The landing pages wait for the visitor before the app starts: the first tap is answered by
    // the page itself (src/app/early-taps.ts) or is a link; printed against the same tap once started.
    const taps = await firstTapFigures(url, TAP_RUNS);
    console.log(`\nfirst tap at 4x CPU, press to result (median of ${TAP_RUNS}); ratio = first / once the app has started:\n${formatFirstTaps(taps)}`);
    const slow = taps.filter((t) => t.firstMs > FIRST_TAP_TARGET_MS).length;
    if (RUNS > 0) console.log(`\ntarget: performance ≥ ${TARGET} on every page: ${below === 0 ? 'met' : `${below} of ${PAGES.length} below`}`);
    console.log(`target: first tap ≤ ${FIRST_TAP_TARGET_MS} ms: ${slow === 0 ? 'met' : `${slow} of ${taps.length} above`}`);
    if (below > 0 || slow > 0) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await rm(work, { recursive: true, force: true });
  }
}

await main();
