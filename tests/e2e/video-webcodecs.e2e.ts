import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../api/db/index';
import { grantPaidBundle } from '../helpers/grant-bundle';
import { makeClip } from '../helpers/video-fixtures';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

const FPS = 30;
const FRAME = 1 / FPS;

interface Probed {
  videoDuration: number;
  frames: number;
  codec: string;
  audioCodec: string | null;
  audioDuration: number;
  decodeErrors: string;
}

/** ffprobe's frame count and stream durations, and whatever a full decode prints at `-v error`. */
function probe(file: string): Probed {
  const out = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,codec_name,duration,nb_read_frames', '-of', 'json', file], { encoding: 'utf8' });
  const streams = (JSON.parse(out) as { streams: { codec_type: string; codec_name: string; duration: string; nb_read_frames?: string }[] }).streams;
  const v = streams.find((s) => s.codec_type === 'video')!;
  const a = streams.find((s) => s.codec_type === 'audio');
  const decode = spawnSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  return {
    videoDuration: Number(v.duration),
    frames: Number(v.nb_read_frames),
    codec: v.codec_name,
    audioCodec: a?.codec_name ?? null,
    audioDuration: a ? Number(a.duration) : 0,
    decodeErrors: decode.stderr.trim(),
  };
}

/** The lowest per-frame PSNR of `file` against the source's frames from `start` (a cut one frame off scores far lower on testsrc2). */
function minPsnr(source: string, start: number, seconds: number, file: string): number {
  const graph = '[0:v]setpts=PTS-STARTPTS[a];[1:v]setpts=PTS-STARTPTS[b];[a][b]psnr=stats_file=-';
  const res = spawnSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-ss', start.toFixed(3), '-t', seconds.toFixed(3), '-i', source, '-lavfi', graph, '-f', 'null', '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 ** 2,
  });
  const values = [...res.stdout.matchAll(/psnr_avg:(\S+)/g)].map((m) => (m[1] === 'inf' ? 99 : Number(m[1])));
  expect(values.length).toBeGreaterThan(0);
  return Math.min(...values);
}

/**
 * Issue 31, deliver 5 (and 2 in the browser): the cropping panel's exact and smart trims run on the
 * browser's own codecs (WebCodecs in headless Chromium, software H.264) and say so; a source
 * WebCodecs cannot take (MPEG-4 Part 2) is trimmed by ffmpeg.wasm instead. Every result is
 * downloaded and checked with the system ffprobe: duration within one frame, the right number of
 * frames, the source's picture on each frame, a full decode without errors; and it plays to the end
 * in Chromium.
 */
describe('video trims with WebCodecs', () => {
  let harness: Harness;
  let db: DbHandle;
  let dir: string;
  let clip: string;
  let page: Page;

  beforeAll(async () => {
    harness = await startHarness();
    db = openDb({ sqlitePath: join(harness.dataDir, 'app.db') });
    dir = mkdtempSync(join(tmpdir(), 'video-webcodecs-e2e-'));
    // x264 (High profile, B-frames) and AAC, keyframe every 2 s.
    clip = makeClip(dir, { seconds: 10, width: 1280, height: 720, fps: FPS, keyframeEvery: 2 });
  }, 300_000);
  afterAll(async () => {
    await db?.close();
    await harness?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Waits for the result and saves it; returns its path and the engine the status named. */
  async function result(): Promise<{ path: string; method: string | null; url: string }> {
    await page.getByTestId('video-job-done').waitFor({ timeout: 300_000 });
    const method = await page.getByTestId('video-job-done').getByTestId('video-job-method').getAttribute('data-method');
    const link = page.getByTestId('video-result').first();
    const url = (await link.getAttribute('href'))!;
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = join(dir, `${Date.now()}-${file.suggestedFilename()}`);
    await file.saveAs(path);
    return { path, method, url };
  }

  /** Plays a result (its object URL in the page) to the end in a <video>; returns the error or the time it ended at. */
  function playInPage(url: string): Promise<{ error: string | null; ended: number }> {
    return page.evaluate(async (src) => {
      const video = document.createElement('video');
      video.muted = true;
      video.src = src;
      document.body.append(video);
      try {
        return await new Promise<{ error: string | null; ended: number }>((resolve) => {
          video.onerror = () => resolve({ error: video.error?.message || `code ${video.error?.code}`, ended: video.currentTime });
          video.onended = () => resolve({ error: null, ended: video.currentTime });
          video.playbackRate = 4;
          void video.play().catch((e: unknown) => resolve({ error: String(e), ended: video.currentTime }));
        });
      } finally {
        video.remove();
      }
    }, url);
  }

  async function trim(mode: 'exact' | 'smart', start: number, end: number) {
    await page.getByTestId('trim-start').fill(String(start));
    await page.getByTestId('trim-end').fill(String(end));
    await page.getByTestId(`mode-${mode}`).check();
    await page.getByTestId('trim-run').click();
    return result();
  }

  it('opens the cropping panel with a generated H.264/AAC clip', async () => {
    ({ page } = await harness.open('/register', { acceptDownloads: true }));
    const userId = uniqueUserId('webcodecs');
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Start-Passw0rd' });
    await grantPaidBundle(db.db, userId);
    await page.getByRole('navigation').getByRole('link', { name: 'Video tools' }).first().click();
    await page.getByTestId('video-panel-card-cropping').getByRole('link', { name: 'Open' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cropping' }).waitFor();
    await page.getByTestId('crop-file').setInputFiles(clip);
    await page.getByTestId('video-info').filter({ hasText: '1280×720' }).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => typeof VideoEncoder)).toBe('function');
  }, 180_000);

  it('exact trim with WebCodecs: 2.5 s to 7.5 s, frame-exact, audio copied, plays', async () => {
    const out = await trim('exact', 2.5, 7.5);
    expect(out.method).toBe('webcodecsExact');
    const p = probe(out.path);
    expect(p.codec).toBe('h264');
    expect(Math.abs(p.videoDuration - 5)).toBeLessThanOrEqual(FRAME + 1e-3);
    expect(Math.abs(p.frames - 5 * FPS)).toBeLessThanOrEqual(1);
    expect(p.audioCodec).toBe('aac');
    expect(Math.abs(p.audioDuration - 5)).toBeLessThanOrEqual(FRAME);
    expect(p.decodeErrors).toBe('');
    expect(minPsnr(clip, 2.5, 5, out.path)).toBeGreaterThanOrEqual(30);
    const played = await playInPage(out.url);
    expect(played.error).toBeNull();
    expect(played.ended).toBeGreaterThan(5 - 0.2);
  }, 400_000);

  it('smart trim with WebCodecs: 3.3 s to 8.5 s, head re-encoded and the rest copied, decodes and plays', async () => {
    const out = await trim('smart', 3.3, 8.5);
    expect(out.method).toBe('webcodecsSmart');
    const p = probe(out.path);
    expect(p.codec).toBe('h264');
    expect(Math.abs(p.videoDuration - 5.2)).toBeLessThanOrEqual(FRAME + 1e-3);
    expect(Math.abs(p.frames - Math.round(5.2 * FPS))).toBeLessThanOrEqual(1);
    expect(p.audioCodec).toBe('aac');
    expect(p.decodeErrors).toBe('');
    // Copied frames are the source's own; the re-encoded head is close to it.
    expect(minPsnr(clip, 3.3, 5.2, out.path)).toBeGreaterThanOrEqual(35);
    const played = await playInPage(out.url);
    expect(played.error).toBeNull();
    expect(played.ended).toBeGreaterThan(5.2 - 0.2);
  }, 400_000);

  it('falls back to ffmpeg.wasm for a source WebCodecs cannot take (MPEG-4 Part 2), and says so', async () => {
    const mpeg4 = join(dir, 'mpeg4.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=${FPS}:duration=4`, '-c:v', 'mpeg4', '-q:v', '4', mpeg4]);
    await page.getByTestId('crop-file').setInputFiles(mpeg4);
    await page.getByTestId('video-info').filter({ hasText: '320×240' }).waitFor({ timeout: 60_000 });
    const out = await trim('exact', 1, 3);
    expect(out.method).toBe('ffmpeg');
    const p = probe(out.path);
    expect(p.codec).toBe('h264');
    expect(Math.abs(p.videoDuration - 2)).toBeLessThanOrEqual(0.1);
    expect(p.decodeErrors).toBe('');
  }, 400_000);
});
