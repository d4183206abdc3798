/**
 * Smart cut (issue 31) against the exact trim, both with the system ffmpeg as the local helper runs them.
 * The clip: 60 s, 1920x1080, 30 fps, keyframe every 5 s (testsrc2 + sine, cached under
 * node_modules/.cache/video-smart-cut). Ten spans start at cut points off the keyframes and last
 * BENCH_SMART_SPAN seconds (default 15). For each span it prints the requested and the actual first
 * frame (the source frame the output's first frame matches best by PSNR, and the planner's ffprobe
 * frame time), the error in frames, the end error, the frames re-encoded in keyframe intervals, the
 * lowest PSNR of the re-encoded frames against the source, whether every copied frame is bit-exact,
 * and what `ffprobe -v error` and a full decode print. Targets: every cut within one frame,
 * re-encoded <= 2 keyframe intervals per cut, smart >= 5x faster than exact, PSNR >= 40 dB.
 * Run: `npx tsx tests/bench/video-smart-cut.ts`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { planSmartCut, smartCutBlocker, type SmartCutPlan } from '../../engines/video/smart-cut';
import { trimPlan } from '../../engines/video/trim';
import { readSmartCutInput, runSmartCut } from '../../helper/media';
import { makeClip } from '../helpers/video-fixtures';

const FPS = 30;
const FRAME = 1 / FPS;
const GOP_SECONDS = 5;
const SPAN = Number(process.env.BENCH_SMART_SPAN ?? 15);
/** Cut points spread over the clip, at different distances from the keyframe before them (0, 5, 10 … s). */
const STARTS = [1.3, 6.7, 12.1, 18.4, 21.9, 27.2, 33.6, 36.8, 41.1, 44.45];

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-y', '-v', 'error', ...args]);

/** Per-frame PSNR (average over planes; Infinity for identical frames) of `a`'s frames against `b`'s (input options and file), both from their first; `frames` limits the count. */
function framePsnr(a: string[], b: string[], frames?: number): { values: number[]; errors: string } {
  const trim = frames ? `trim=end_frame=${frames},` : '';
  const graph = `[0:v]${trim}setpts=PTS-STARTPTS[a];[1:v]${trim}setpts=PTS-STARTPTS[b];[a][b]psnr=stats_file=-`;
  const res = spawnSync('ffmpeg', ['-nostdin', '-v', 'error', ...a, ...b, '-lavfi', graph, '-f', 'null', '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 ** 2 });
  const values = [...res.stdout.matchAll(/psnr_avg:(\S+)/g)].map((m) => (m[1] === 'inf' ? Infinity : Number(m[1])));
  return { values, errors: res.stderr.trim() };
}

/** Which source frame, near `expected`, the output's first frame shows: the one it matches best. */
function matchedSourceFrame(output: string, clip: string, expected: number): number {
  let best = { frame: expected, psnr: -Infinity };
  for (let d = -2; d <= 2; d++) {
    const frame = expected + d;
    // Half a frame early: -ss keeps frames at or after it.
    const { values, errors } = framePsnr(['-i', output], ['-ss', ((frame - 0.5) * FRAME).toFixed(6), '-t', (4 * FRAME).toFixed(6), '-i', clip], 1);
    if (errors || values.length !== 1) throw new Error(`frame match failed: ${errors}`);
    const psnr = values[0]!;
    if (psnr > best.psnr) best = { frame, psnr };
  }
  return best.frame;
}

function streamDurations(file: string): { video: number; audio: number } {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'json', file], { encoding: 'utf8' });
  const streams = (JSON.parse(out) as { streams: Array<{ codec_type: string; duration: string }> }).streams;
  const get = (type: string) => Number(streams.find((s) => s.codec_type === type)?.duration ?? NaN);
  return { video: get('video'), audio: get('audio') };
}

async function main(): Promise<void> {
  const cache = resolve('node_modules/.cache/video-smart-cut');
  mkdirSync(cache, { recursive: true });
  const made = Date.now();
  const clip = makeClip(cache, { seconds: 60, width: 1920, height: 1080, fps: FPS, keyframeEvery: GOP_SECONDS });
  console.log(`clip ready in ${((Date.now() - made) / 1000).toFixed(1)} s: ${clip}; ${cpus().length} cores; spans of ${SPAN} s from ${STARTS.length} cut points`);
  const spans = STARTS.map((start) => ({ start, end: Math.min(60, start + SPAN) }));
  const dir = mkdtempSync(join(tmpdir(), 'bench-smart-cut-'));
  try {
    // (a) smart cut, as the helper runs it: probe once, then per span pieces + join; (b) the exact
    // trim of the same span (the existing plan, all re-encoded). Alternated span by span, so a
    // change in the machine's load falls on both.
    let smartSeconds = 0;
    let exactSeconds = 0;
    const timed = async (body: () => unknown) => {
      const t = Date.now();
      await body();
      return (Date.now() - t) / 1000;
    };
    const probeStarted = Date.now();
    const probed = await readSmartCutInput(clip, dir);
    smartSeconds += (Date.now() - probeStarted) / 1000;
    if (!probed) throw new Error('no video stream');
    const { source, packets } = probed;
    const blocker = smartCutBlocker(source, packets);
    if (blocker) throw new Error(`cannot smart cut: ${blocker}`);
    const plans: SmartCutPlan[] = [];
    for (const [i, span] of spans.entries()) {
      const plan = planSmartCut(clip, source, packets, span, { dir, id: `.piece-${i}` }, join(dir, `smart-${i}.mp4`));
      smartSeconds += await timed(() => runSmartCut(plan));
      exactSeconds += await timed(() => ffmpeg(trimPlan(clip, span, 'exact', join(dir, `exact-${i}.mp4`)).args));
      plans.push(plan);
    }

    console.log('\ncut  requested  planned(ffprobe)  matched   start err  end err  kind   re-encoded        PSNR re-enc  copied exact  ffprobe/decode errors');
    let worstStart = 0;
    let worstEnd = 0;
    let worstIntervals = 0;
    let worstPsnr = Infinity;
    let allCopiedExact = true;
    let errorCount = 0;
    for (const [i, plan] of plans.entries()) {
      const span = spans[i]!;
      const out = plan.join.output;
      const probeErrors = spawnSync('ffprobe', ['-v', 'error', out], { encoding: 'utf8' }).stderr.trim();
      const expectedFrame = Math.round(plan.span.start * FPS);
      const matched = matchedSourceFrame(out, clip, expectedFrame) * FRAME;
      const startErr = (matched - span.start) / FRAME;
      const { video, audio } = streamDurations(out);
      const endErr = (plan.span.start + video - span.end) / FRAME;
      const { values, errors } = framePsnr(['-i', out], ['-ss', (plan.span.start - FRAME / 2).toFixed(6), '-t', (plan.span.end - plan.span.start).toFixed(6), '-i', clip]);
      const head = plan.kind === 'encode' ? values.length : plan.encodes.some((e) => e.output.endsWith('-head.mp4')) ? Math.round(((plan.keyframe ?? 0) - plan.span.start) * FPS) : 0;
      const tail = plan.kind === 'encode' ? 0 : plan.reencodedFrames - head;
      const reencoded = [...values.slice(0, head), ...values.slice(values.length - tail)];
      const copied = values.slice(head, values.length - tail);
      const minPsnr = Math.min(...reencoded);
      const copiedExact = copied.every((v) => v === Infinity);
      const intervals = plan.reencodedFrames / (GOP_SECONDS * FPS);
      const allErrors = [probeErrors, errors].filter(Boolean).join(' | ');
      const avSync = Math.abs(video - audio);
      worstStart = Math.max(worstStart, Math.abs(startErr));
      worstEnd = Math.max(worstEnd, Math.abs(endErr));
      worstIntervals = Math.max(worstIntervals, intervals);
      worstPsnr = Math.min(worstPsnr, minPsnr);
      allCopiedExact &&= copiedExact;
      if (allErrors) errorCount += 1;
      console.log(
        [
          String(i + 1).padStart(3),
          `${span.start.toFixed(3)} s`.padStart(10),
          `${plan.span.start.toFixed(6)} s`.padStart(17),
          `${matched.toFixed(3)} s`.padStart(9),
          `${startErr.toFixed(2)} fr`.padStart(10),
          `${endErr.toFixed(2)} fr`.padStart(8),
          plan.kind.padStart(6),
          `${plan.reencodedFrames} fr = ${intervals.toFixed(2)} GOP`.padStart(17),
          `${minPsnr.toFixed(2)} dB`.padStart(12),
          `${copiedExact ? 'yes' : 'NO'} (${copied.length})`.padStart(13),
          ` ${allErrors || 'none'}${avSync > 0.05 ? ` (audio/video differ by ${avSync.toFixed(3)} s)` : ''}`,
        ].join('  '),
      );
    }
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const ratio = exactSeconds / smartSeconds;
    console.log(`\nsmart cut, 10 spans (probe included): ${smartSeconds.toFixed(2)} s`);
    console.log(`exact trim, same spans:               ${exactSeconds.toFixed(2)} s`);
    console.log(`exact / smart: ${ratio.toFixed(1)}x (target >= 5x: ${verdict(ratio >= 5)})`);
    console.log(`worst start error: ${worstStart.toFixed(2)} frames (target <= 1: ${verdict(worstStart <= 1)}); worst end error: ${worstEnd.toFixed(2)} frames`);
    console.log(`most re-encoded per cut: ${worstIntervals.toFixed(2)} keyframe intervals (target <= 2: ${verdict(worstIntervals <= 2)})`);
    console.log(`lowest PSNR of a re-encoded frame: ${worstPsnr.toFixed(2)} dB (target >= 40: ${verdict(worstPsnr >= 40)}); copied frames bit-exact: ${allCopiedExact ? 'all' : 'NOT all'}`);
    console.log(`outputs with ffprobe or decode errors: ${errorCount} of ${plans.length}`);
    console.log(`load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
