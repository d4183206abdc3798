/**
 * Video trimming in the browser (issue 13), in headless Chromium on the built app's
 * cross-origin-isolated video page, with the app's own ffmpeg worker (dist/assets/ffmpeg.worker-*.js):
 *   1. lossless trim (stream copy) against exact trim (re-encode) of the same span, multi-threaded core;
 *   2. exact trim with the single-threaded core against the multi-threaded one;
 *   3. the browser's exact trim against the system ffmpeg doing the same plan natively.
 * The clip: 1080p, 30 s, 30 fps, keyframe every 2 s, made by the system ffmpeg. Prints seconds and
 * ratios (targets: lossless >= 10x faster than exact; mt >= 1.8x st on 2 cores). Run:
 * `npx tsx tests/bench/video-trim.ts` (builds dist/ first if stale; E2E_DIST_DIR picks another build).
 * BENCH_TRIM_SECONDS sets the span length (default 10).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { trimPlan } from '@engines/video/trim';
import type { FfmpegPlan } from '@engines/video/types';
import { makeClip } from '../helpers/video-fixtures';
import { startHarness } from '../e2e/harness';
import { CALL_WORKER } from './comlink-in-page';

const SPAN = Number(process.env.BENCH_TRIM_SECONDS ?? 10);
const START = 10;

interface Timing {
  kind: string;
  loadSeconds: number;
  seconds: number[];
  sizes: number[];
}

/**
 * Runs plans in a fresh worker from the page through Comlink's wire format (comlink-in-page.ts):
 * `load(preferThreads)`, then `run(job)` for each plan, timed apart.
 */
const RUN_IN_PAGE = `async ({ workerUrl, preferThreads, plans, inputName }) => {
  const file = document.getElementById('bench-file').files[0];
  const worker = new Worker(workerUrl, { type: 'module' });
  const call = (${CALL_WORKER})(worker);
  const t0 = performance.now();
  const kind = await call('load', [preferThreads]);
  const loadSeconds = (performance.now() - t0) / 1000;
  const seconds = [];
  const sizes = [];
  for (const plan of plans) {
    const t = performance.now();
    const out = await call('run', [{ inputs: [{ name: inputName, file }], plan }]);
    seconds.push((performance.now() - t) / 1000);
    sizes.push(out[0].bytes.byteLength);
  }
  worker.terminate();
  return { kind, loadSeconds, seconds, sizes };
}`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-video-'));
  const started = Date.now();
  const clip = makeClip(dir, { seconds: 30, width: 1920, height: 1080, fps: 30, keyframeEvery: 2 });
  console.log(`generated a 1080p 30 s clip in ${((Date.now() - started) / 1000).toFixed(1)} s; trimming ${SPAN} s from ${START} s; ${cpus().length} cores`);
  const harness = await startHarness();
  try {
    const dist = process.env.E2E_DIST_DIR ? resolve(process.env.E2E_DIST_DIR) : resolve('dist');
    const workerFile = readdirSync(join(dist, 'assets')).find((f) => /^ffmpeg\.worker-[\w-]+\.js$/.test(f));
    if (!workerFile) throw new Error('no ffmpeg worker in the build');
    const { page } = await harness.open('/products/videoTools');
    if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the video page is not cross-origin isolated');
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'bench-file';
      document.body.append(input);
    });
    await page.setInputFiles('#bench-file', clip);
    const inputName = 'bench.mp4';
    // Lossless starts on the keyframe at START (every 2 s), so both cover the same frames.
    const span = { start: START, end: START + SPAN };
    const lossless = trimPlan(`/in/${inputName}`, span, 'lossless', 'lossless.mp4');
    const exact = trimPlan(`/in/${inputName}`, span, 'exact', 'exact.mp4');
    const run = (preferThreads: boolean, plans: FfmpegPlan[]) =>
      page.evaluate<Timing>(`(${RUN_IN_PAGE})(${JSON.stringify({ workerUrl: `/assets/${workerFile}`, preferThreads, plans, inputName })})`);

    const row = (label: string, s: number) => console.log(`${label.padEnd(44)} ${s.toFixed(2).padStart(8)} s`);
    const mt = await run(true, [lossless, exact]);
    console.log(`core ${mt.kind} loaded in ${mt.loadSeconds.toFixed(1)} s`);
    row('browser lossless trim, multi-threaded', mt.seconds[0]!);
    row('browser exact trim, multi-threaded', mt.seconds[1]!);
    const st = await run(false, [lossless, exact]);
    console.log(`core ${st.kind} loaded in ${st.loadSeconds.toFixed(1)} s`);
    row('browser lossless trim, single-threaded', st.seconds[0]!);
    row('browser exact trim, single-threaded', st.seconds[1]!);
    // The same plan natively: the system ffmpeg reads the clip where the browser read /in/bench.mp4.
    const nativeArgs = trimPlan(clip, span, 'exact', join(dir, 'native.mp4')).args;
    const nativeStart = Date.now();
    execFileSync('ffmpeg', ['-nostdin', '-y', '-v', 'error', ...nativeArgs]);
    const native = (Date.now() - nativeStart) / 1000;
    row('native ffmpeg exact trim', native);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const losslessRatio = mt.seconds[1]! / mt.seconds[0]!;
    const threadRatio = st.seconds[1]! / mt.seconds[1]!;
    console.log(`exact / lossless (mt): ${losslessRatio.toFixed(1)}x (target >= 10x: ${verdict(losslessRatio >= 10)})`);
    console.log(`exact st / exact mt: ${threadRatio.toFixed(2)}x (target >= 1.8x on 2 cores: ${verdict(threadRatio >= 1.8)})`);
    console.log(`browser exact (mt) / native exact: ${(mt.seconds[1]! / native).toFixed(1)}x slower`);
    console.log(`load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)} (other processes compete for the cores when it is above 0.5)`);
  } finally {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
