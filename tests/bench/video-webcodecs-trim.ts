/**
 * WebCodecs trims against ffmpeg.wasm's exact trim (issue 31, deliver 5), in headless Chromium
 * (software codecs: --disable-gpu) on the built app's video page, each in the app's own worker
 * (dist/assets/ffmpeg.worker-*.js and webcodecs.worker-*.js) given the same File:
 *   1. ffmpeg.wasm exact trim (multi-threaded core; its load timed apart), the baseline;
 *   2. WebCodecs exact trim (decode + re-encode the span's frames, audio packets copied);
 *   3. WebCodecs smart trim (head re-encoded to the first keyframe, the rest copied).
 * Exact runs alternate (WebCodecs, ffmpeg.wasm, WebCodecs, ffmpeg.wasm) so a change in load falls
 * on both. Every output is checked with ffprobe (duration within one frame of the span, frame
 * count, `ffmpeg -v error` decode clean). Target: ffmpeg.wasm exact / WebCodecs exact >= 3x.
 * The clip: 1080p, 30 s, 30 fps, keyframe every 2 s (x264 with B-frames, AAC), by the system ffmpeg.
 * Run: `npm run bench -- video-webcodecs-trim` (builds dist/ if stale; E2E_DIST_DIR picks another build).
 * BENCH_TRIM_SECONDS sets the span length (default 10); BENCH_SMART_ONLY=1 runs only the smart trim (a quick check).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { trimPlan } from '@engines/video/trim';
import { makeClip } from '../helpers/video-fixtures';
import { startHarness } from '../e2e/harness';
import { CALL_WORKER } from './comlink-in-page';

const SPAN = Number(process.env.BENCH_TRIM_SECONDS ?? 10);
/** Off the keyframes (every 2 s), so the smart cut has a head to re-encode. */
const START = 10.5;
const FPS = 30;

/** Runs one trim in the page; keeps its output under window.benchOut for `fetchOutput`. */
const RUN_IN_PAGE = `async ({ engine, workerUrl, span, mode, plan }) => {
  const file = document.getElementById('bench-file').files[0];
  const worker = new Worker(workerUrl, { type: 'module' });
  const call = (${CALL_WORKER})(worker);
  let loadSeconds = 0;
  if (engine === 'ffmpeg') {
    const t0 = performance.now();
    await call('load', [true]);
    loadSeconds = (performance.now() - t0) / 1000;
  }
  const t = performance.now();
  let bytes, detail = '';
  if (engine === 'ffmpeg') {
    bytes = (await call('run', [{ inputs: [{ name: 'bench.mp4', file }], plan }]))[0].bytes;
  } else {
    const r = await call('trim', [file, span, mode]);
    if (!r.ok) throw new Error('WebCodecs refused: ' + r.reason);
    bytes = r.bytes;
    detail = r.method + ', ' + r.reencodedFrames + ' frames re-encoded, ' + r.copiedFrames + ' copied';
  }
  const seconds = (performance.now() - t) / 1000;
  worker.terminate();
  window.benchOut = new Uint8Array(bytes);
  return { seconds, loadSeconds, size: bytes.byteLength, detail };
}`;

/** The last output, base64 in slices (one evaluate result must stay small). */
const FETCH_SLICE = `({ from, to }) => {
  const part = window.benchOut.subarray(from, to);
  let s = '';
  for (let i = 0; i < part.length; i += 0x8000) s += String.fromCharCode(...part.subarray(i, i + 0x8000));
  return btoa(s);
}`;

interface Run {
  seconds: number;
  loadSeconds: number;
  size: number;
  detail: string;
}

/**
 * The lowest and mean per-frame PSNR of an output against the source's frames of the span, frame
 * by frame from the first (a cut a frame off shows as a low PSNR on the moving test picture).
 */
function psnr(clip: string, file: string, span: { start: number; end: number }): { min: number; mean: number } {
  const graph = '[0:v]setpts=PTS-STARTPTS[a];[1:v]setpts=PTS-STARTPTS[b];[a][b]psnr=stats_file=-';
  const res = spawnSync(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-i', file, '-ss', span.start.toFixed(3), '-t', (span.end - span.start).toFixed(3), '-i', clip, '-lavfi', graph, '-f', 'null', '-'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 ** 2 },
  );
  const values = [...res.stdout.matchAll(/psnr_avg:(\S+)/g)].map((m) => (m[1] === 'inf' ? 99 : Number(m[1])));
  return { min: Math.min(...values), mean: values.reduce((a, b) => a + b, 0) / Math.max(1, values.length) };
}

/** ffprobe's view of an output: duration (of the video stream), frames, and any decode errors. */
function check(file: string): { duration: number; frames: number; errors: string } {
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-count_frames', '-show_entries', 'stream=duration,nb_read_frames', '-of', 'json', file], { encoding: 'utf8' });
  const s = (JSON.parse(out) as { streams: { duration: string; nb_read_frames: string }[] }).streams[0]!;
  const decode = spawnSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  return { duration: Number(s.duration), frames: Number(s.nb_read_frames), errors: decode.stderr.trim() };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-webcodecs-'));
  const clip = makeClip(dir, { seconds: 30, width: 1920, height: 1080, fps: FPS, keyframeEvery: 2 });
  console.log(`1080p 30 s clip; trimming ${SPAN} s from ${START} s; ${cpus().length} cores; load ${loadavg()[0]!.toFixed(2)}`);
  const harness = await startHarness();
  let failed = false;
  try {
    const dist = process.env.E2E_DIST_DIR ? resolve(process.env.E2E_DIST_DIR) : resolve('dist');
    const assets = readdirSync(join(dist, 'assets'));
    const worker = (re: RegExp) => {
      const f = assets.find((a) => re.test(a));
      if (!f) throw new Error(`no ${re.source} in the build`);
      return `/assets/${f}`;
    };
    const ffmpegWorker = worker(/^ffmpeg\.worker-[\w-]+\.js$/);
    const webcodecsWorker = worker(/^webcodecs\.worker-[\w-]+\.js$/);
    const { page } = await harness.open('/products/videoTools');
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'bench-file';
      document.body.append(input);
    });
    await page.setInputFiles('#bench-file', clip);
    const span = { start: START, end: START + SPAN };
    const plan = trimPlan('/in/bench.mp4', span, 'exact', 'exact.mp4');
    const expectedFrames = Math.round(SPAN * FPS);

    const run = async (label: string, engine: 'ffmpeg' | 'webcodecs', mode: 'exact' | 'smart'): Promise<Run> => {
      const args = { engine, workerUrl: engine === 'ffmpeg' ? ffmpegWorker : webcodecsWorker, span, mode, plan };
      const r = await page.evaluate<Run>(`(${RUN_IN_PAGE})(${JSON.stringify(args)})`);
      const parts: Buffer[] = [];
      for (let from = 0; from < r.size; from += 4 << 20) {
        parts.push(Buffer.from(await page.evaluate<string>(`(${FETCH_SLICE})(${JSON.stringify({ from, to: from + (4 << 20) })})`), 'base64'));
      }
      const file = join(dir, `${label.replace(/\W+/g, '-')}.mp4`);
      writeFileSync(file, Buffer.concat(parts));
      const c = check(file);
      const q = psnr(clip, file, span);
      const ok = Math.abs(c.duration - SPAN) <= 1 / FPS + 1e-3 && Math.abs(c.frames - expectedFrames) <= 1 && c.errors === '' && q.min >= 30;
      if (!ok) failed = true;
      console.log(
        `${label.padEnd(34)} ${r.seconds.toFixed(2).padStart(7)} s` +
          `${r.loadSeconds ? ` (+${r.loadSeconds.toFixed(1)} s core load)` : ''}  ${(r.size / 1e6).toFixed(1)} MB, ` +
          `${c.duration.toFixed(3)} s, ${c.frames}/${expectedFrames} frames, PSNR min ${q.min.toFixed(1)} mean ${q.mean.toFixed(1)} dB, decode ${c.errors ? `ERRORS: ${c.errors.slice(0, 300)}` : 'clean'}${r.detail ? `; ${r.detail}` : ''}`,
      );
      return r;
    };

    if (process.env.BENCH_SMART_ONLY) {
      await run('WebCodecs smart', 'webcodecs', 'smart');
      return;
    }
    const wc1 = await run('WebCodecs exact #1', 'webcodecs', 'exact');
    const ff1 = await run('ffmpeg.wasm exact #1 (mt)', 'ffmpeg', 'exact');
    const wc2 = await run('WebCodecs exact #2', 'webcodecs', 'exact');
    const ff2 = await run('ffmpeg.wasm exact #2 (mt)', 'ffmpeg', 'exact');
    const smart = await run('WebCodecs smart', 'webcodecs', 'smart');
    const wc = (wc1.seconds + wc2.seconds) / 2;
    const ff = (ff1.seconds + ff2.seconds) / 2;
    const ratio = ff / wc;
    console.log(`ffmpeg.wasm exact / WebCodecs exact: ${ratio.toFixed(2)}x (means ${ff.toFixed(2)} s / ${wc.toFixed(2)} s; target >= 3x: ${ratio >= 3 ? 'met' : 'NOT met'})`);
    console.log(`ffmpeg.wasm exact / WebCodecs smart: ${(ff / smart.seconds).toFixed(2)}x`);
    console.log(`outputs ${failed ? 'FAILED a check' : 'all passed ffprobe, frame count and decode checks'}; load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
