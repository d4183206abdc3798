import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeClip } from '../../tests/helpers/video-fixtures';
import { planSmartCut, smartCutBlocker, type SmartCutPlan } from './smart-cut';
import { packetArgs, parsePackets, parseSmartCutSource, smartCutProbeArgs } from './smart-cut-probe';

const FRAME = 1 / 30;
const dir = mkdtempSync(join(tmpdir(), 'smart-cut-'));
const probe = (args: string[]) => execFileSync('ffprobe', args.slice(0, -2), { encoding: 'utf8', maxBuffer: 64 * 1024 ** 2 });
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-y', '-v', 'error', ...args]);

function runPlan(plan: SmartCutPlan): void {
  for (const piece of plan.encodes) ffmpeg(piece.args);
  writeFileSync(plan.list.path, plan.list.text);
  ffmpeg(plan.join.args);
}

/** Stream durations and the first frame's time, as ffprobe reads them; `errors` is what `ffprobe -v error` prints. */
function inspect(file: string) {
  const errors = spawnSync('ffprobe', ['-v', 'error', file], { encoding: 'utf8' }).stderr.trim();
  const decode = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' }).stderr.trim();
  const json = probe(['-v', 'error', '-show_entries', 'stream=codec_type,duration', '-of', 'json', file, '-o', '-']);
  const streams = (JSON.parse(json) as { streams: Array<{ codec_type: string; duration: string }> }).streams;
  const duration = (type: string) => Number(streams.find((s) => s.codec_type === type)?.duration ?? NaN);
  const params = probe(['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=profile,pix_fmt,width,height,sample_aspect_ratio', '-of', 'csv=p=0', file, '-o', '-']).trim();
  const first = parseFloat(probe(['-v', 'error', '-select_streams', 'v:0', '-read_intervals', '%+#1', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file, '-o', '-']).split(/\s+/)[0] ?? '');
  return { errors: errors + decode, video: duration('video'), audio: duration('audio'), first, params };
}

/** The lowest per-frame PSNR of the output against the source's frames from `start`. */
function minPsnr(file: string, source: string, start: number, seconds: number): number {
  const graph = '[0:v]setpts=PTS-STARTPTS[a];[1:v]setpts=PTS-STARTPTS[b];[a][b]psnr=stats_file=-';
  const out = execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-ss', String(start), '-t', String(seconds), '-i', source, '-lavfi', graph, '-f', 'null', '-'], { encoding: 'utf8' });
  const values = [...out.matchAll(/psnr_avg:(\S+)/g)].map((m) => (m[1] === 'inf' ? Infinity : Number(m[1])));
  return Math.min(...values);
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasFfmpeg())('smart cut with the system ffmpeg', () => {
  const clip = makeClip(dir, { seconds: 12, width: 640, height: 360, fps: 30, keyframeEvery: 2 });
  const source = parseSmartCutSource(probe(smartCutProbeArgs(clip, '-')))!;
  const packets = parsePackets(probe(packetArgs(clip, '-')));

  it.each([
    { start: 3.1, end: 7.3, kind: 'smart' },
    { start: 4, end: 6, kind: 'copy' },
    { start: 8.5, end: 9.2, kind: 'encode' },
    { start: 6.55, end: 12, kind: 'smart' },
  ])('cuts $start–$end s ($kind) on the frame, playable, in sync', ({ start, end, kind }) => {
    expect(smartCutBlocker(source, packets)).toBeNull();
    const out = join(dir, `cut-${start}.mp4`);
    const plan = planSmartCut(clip, source, packets, { start, end }, { dir, id: `w-${start}` }, out);
    expect(plan.kind).toBe(kind);
    runPlan(plan);
    const got = inspect(out);
    expect(got.errors).toBe('');
    expect(got.params).toBe('High,640,360,1:1,yuv420p');
    expect(got.first).toBeLessThan(FRAME / 2);
    expect(Math.abs(got.video - (end - start))).toBeLessThanOrEqual(FRAME + 1e-6);
    expect(Math.abs(got.audio - got.video)).toBeLessThan(0.05);
    expect(minPsnr(out, clip, start, end - start)).toBeGreaterThanOrEqual(40);
  });
});
