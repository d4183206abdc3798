import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../api/db/index';
import { grantPaidBundle } from '../helpers/grant-bundle';
import { makeClip, makeShotsClip, probeFile } from '../helpers/video-fixtures';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Issue 13's acceptance journey in the browser (ffmpeg.wasm in a worker, nothing uploaded): trim
 * a 10 s clip to 3 s losslessly and exactly, crop the result to 1:1, extract 5 frames as a zip,
 * merge two clips, and cancel a run; each result is downloaded and checked with the system
 * ffprobe, and each operation spends one video-tools use (a cancelled one gives it back).
 */
describe('video tools in the browser', () => {
  let harness: Harness;
  let db: DbHandle;
  let dir: string;
  let clip: string;
  let other: string;
  let page: Page;
  let userId: string;

  beforeAll(async () => {
    harness = await startHarness();
    db = openDb({ sqlitePath: join(harness.dataDir, 'app.db') });
    dir = mkdtempSync(join(tmpdir(), 'video-e2e-'));
    clip = makeClip(dir, { seconds: 10, width: 640, height: 360, keyframeEvery: 1 });
    other = makeClip(dir, { seconds: 4, width: 640, height: 360, keyframeEvery: 1, tone: 660 });
  }, 900_000);
  afterAll(async () => {
    await db?.close();
    await harness?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function credits(): Promise<number> {
    const user = await db.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const rows = await db.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', user.id).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((sum, r) => sum + r.avail_quota, 0);
  }

  /** Waits for the operation to finish and saves its first result; returns the saved path. */
  async function download(name: RegExp): Promise<string> {
    await page.getByTestId('video-job-done').waitFor({ timeout: 240_000 });
    const link = page.getByTestId('video-result').first();
    await expect(link.textContent()).resolves.toMatch(name);
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = join(dir, `${Date.now()}-${file.suggestedFilename()}`);
    await file.saveAs(path);
    return path;
  }

  async function pick(testId: string, files: string | string[]) {
    await page.getByTestId(testId).setInputFiles(files);
  }

  it('enters the video tools with a document load (cross-origin isolated) from another page', async () => {
    ({ page } = await harness.open('/register', { acceptDownloads: true }));
    userId = uniqueUserId('video');
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Start-Passw0rd' });
    await grantPaidBundle(db.db, userId);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await page.getByRole('navigation').getByRole('link', { name: 'Video tools' }).first().click();
    await page.getByTestId('video-panel-card-cropping').getByRole('link', { name: 'Open' }).waitFor();
    await page.waitForFunction(() => crossOriginIsolated);
    await page.getByTestId('video-panel-card-cropping').getByRole('link', { name: 'Open' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cropping' }).waitFor();
    await page.getByTestId('crop-empty').waitFor();
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  }, 120_000);

  it('trims 10 s to 3 s: lossless within one keyframe interval, exact within 0.1 s, one use each', async () => {
    await pick('crop-file', clip);
    await page.getByTestId('video-info').filter({ hasText: '640×360' }).waitFor({ timeout: 60_000 });
    const before = await credits();
    await page.getByTestId('trim-start').fill('2.4');
    await page.getByTestId('trim-end').fill('5.4');
    await page.getByTestId('trim-real-cut').filter({ hasText: '0:02.000' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('trim-run').click();
    const lossless = probeFile(await download(/-trim\.mp4$/));
    expect(Math.abs(lossless.duration - 3)).toBeLessThanOrEqual(1);
    expect(lossless.duration).toBeGreaterThanOrEqual(3 - 0.05);
    expect(await credits()).toBe(before - 1);

    await page.getByTestId('mode-exact').check();
    await page.getByTestId('trim-run').click();
    const exactPath = await download(/-trim\.mp4$/);
    const exact = probeFile(exactPath);
    expect(Math.abs(exact.duration - 3)).toBeLessThanOrEqual(0.1);
    expect(exact.videoCodec).toBe('h264');
    expect(await credits()).toBe(before - 2);

    // Crop the 3 s result to 1:1.
    await pick('crop-file', exactPath);
    await page.getByTestId('video-info').filter({ hasText: '0:03' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('op-crop').click();
    await page.getByTestId('aspect-1x1').click();
    await page.getByTestId('crop-run').click();
    const square = probeFile(await download(/-crop\.mp4$/));
    expect(square.width).toBe(square.height);
    expect(square.width).toBe(360);
    expect(await credits()).toBe(before - 3);
  }, 600_000);

  it('extracts 5 frames from 10 s as a zip, and gives the use back when a run is cancelled', async () => {
    await pick('crop-file', clip);
    await page.getByTestId('video-info').filter({ hasText: '0:10' }).waitFor({ timeout: 60_000 });
    const before = await credits();
    await page.getByTestId('op-frames').click();
    await page.getByTestId('frames-interval').check();
    await page.getByTestId('frames-every').fill('2');
    await page.getByTestId('frames-run').click();
    const zip = await JSZip.loadAsync(readFileSync(await download(/-frames\.zip$/)));
    const names = Object.keys(zip.files).filter((n) => n.endsWith('.jpg'));
    expect(names).toHaveLength(5);
    for (const n of names) expect((await zip.file(n)!.async('uint8array')).subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    expect(await credits()).toBe(before - 1);

    // A crop of the whole 10 s re-encodes for a while: cancel it once it runs.
    await page.getByTestId('op-crop').click();
    await page.getByTestId('aspect-9x16').click();
    await page.getByTestId('crop-run').click();
    await page.getByTestId('video-job-running').waitFor();
    await expect.poll(credits, { timeout: 15_000 }).toBe(before - 2);
    await page.getByTestId('video-job-running').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('video-job-cancelled').waitFor();
    await expect.poll(credits, { timeout: 15_000 }).toBe(before - 1);
  }, 600_000);

  it('merges two matching clips by copy: the duration is the sum, one use', async () => {
    await page.getByRole('navigation', { name: 'Video tools' }).getByRole('link', { name: 'Merge' }).click();
    await page.getByTestId('merge-empty').waitFor();
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    const before = await credits();
    await pick('merge-files', [clip, other]);
    await page.getByTestId('merge-clips').getByRole('listitem').nth(1).waitFor({ timeout: 60_000 });
    await page.getByTestId('merge-method').filter({ hasText: 'without re-encoding' }).waitFor();
    await page.getByTestId('merge-run').click();
    const merged = probeFile(await download(/^merged\.mp4$/));
    expect(Math.abs(merged.duration - 14)).toBeLessThanOrEqual(0.5);
    expect(await credits()).toBe(before - 1);
  }, 600_000);

  it('merges clips of different size, frame rate and sound: the plan shown first, then cropped to fill at the chosen rate', async () => {
    const mute = makeClip(dir, { seconds: 2, width: 320, height: 240, fps: 15, keyframeEvery: 1, audio: false });
    await page.reload();
    await page.getByTestId('merge-empty').waitFor();
    await pick('merge-files', [other, mute]);
    await page.getByTestId('merge-clips').getByRole('listitem').nth(1).waitFor({ timeout: 60_000 });
    const plan = page.getByTestId('merge-plan');
    await plan.getByText('The clips have different sizes.').waitFor();
    const lines = () => plan.getByTestId('merge-plan-clip').allTextContents();
    await expect(lines()).resolves.toEqual([
      `${other.split('/').pop()}: sound made 48 kHz stereo`,
      `${mute.split('/').pop()}: scaled to 640 × 360; bars added; changed to 30 fps; silence added (it has no sound)`,
    ]);
    await plan.getByRole('radio', { name: 'Fill the frame, edges cut' }).check();
    await plan.getByLabel('Frame rate').selectOption('15');
    await expect(lines()).resolves.toEqual([
      `${other.split('/').pop()}: changed to 15 fps; sound made 48 kHz stereo`,
      `${mute.split('/').pop()}: scaled to 640 × 360; edges cut; silence added (it has no sound)`,
    ]);
    await page.getByTestId('merge-run').click();
    const merged = await download(/^merged\.mp4$/);
    const stream = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,r_frame_rate', '-of', 'csv=p=0', merged], { encoding: 'utf8' }).trim();
    expect(stream).toBe('640,360,15/1');
    const probed = probeFile(merged);
    expect(probed.hasAudio).toBe(true);
    expect(Math.abs(probed.duration - 6)).toBeLessThanOrEqual(0.5);
    // The first clip's tone kept, the mute clip's part silent (volumedetect reports on stderr).
    const loudest = (from: number, to: number) => {
      const out = spawnSync('ffmpeg', ['-v', 'info', '-ss', String(from), '-to', String(to), '-i', merged, '-vn', '-af', 'volumedetect', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
      const db = /max_volume: (\S+) dB/.exec(out)?.[1];
      return db === undefined || db === '-inf' ? -Infinity : Number(db);
    };
    expect(loudest(0.5, 3.5)).toBeGreaterThan(-40);
    expect(loudest(4.3, 5.8)).toBeLessThan(-60);
  }, 600_000);

  it('finds the cuts (a pause and two new shots), takes the edited list and splits there exactly, one use', async () => {
    const shots = makeShotsClip(dir);
    await page.getByRole('navigation', { name: 'Video tools' }).getByRole('link', { name: 'Cropping' }).click();
    await pick('crop-file', shots);
    await page.getByTestId('video-info').filter({ hasText: '320×240' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('op-split').click();
    await page.getByTestId('cut-type-found').check();
    const before = await credits();
    await page.getByTestId('find-cuts').click();
    const outcome = page.getByTestId('cuts-found').or(page.getByTestId('found-cuts').getByRole('alert'));
    await outcome.waitFor({ timeout: 120_000 });
    await expect(outcome.textContent()).resolves.toBe('Found 2 cuts. Change, remove or add cuts before splitting.');
    // Finding makes no file and spends nothing.
    expect(await credits()).toBe(before);
    const rows = page.getByTestId('cut-row');
    const times = async () => (await rows.getByRole('spinbutton').evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value))));
    const [first, second] = await times();
    expect(Math.abs(first! - 3)).toBeLessThanOrEqual(0.04);
    expect(Math.abs(second! - 4.5)).toBeLessThanOrEqual(0.04);
    // Every reason found there, the most exact first (the pause's black picture froze too).
    expect(await rows.first().textContent()).toMatch(/^0:0[23]\.\d{3} · New shot, Black picture, (Frozen picture, )?Pause in the sound$/);
    // The user moves the second cut to 6 s.
    await rows.nth(1).getByRole('spinbutton').fill('6');
    await page.getByTestId('mode-exact').check();
    await page.getByTestId('split-run').filter({ hasText: 'Split into 3 parts' }).click();
    await page.getByTestId('video-job-done').waitFor({ timeout: 240_000 });
    const links = page.getByTestId('video-result');
    await expect.poll(() => links.count()).toBe(3);
    const durations: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [file] = await Promise.all([page.waitForEvent('download'), links.nth(i).click()]);
      const path = join(dir, `found-${i}-${file.suggestedFilename()}`);
      await file.saveAs(path);
      durations.push(probeFile(path).duration);
    }
    // Within 0.1 s, as the exact trim: the container's length counts the sound's last AAC frame.
    [3, 3, 1.5].forEach((want, i) => expect(Math.abs(durations[i]! - want), `part ${i + 1}: ${durations[i]}`).toBeLessThanOrEqual(0.1));
    expect(await credits()).toBe(before - 1);
  }, 600_000);

  it('leaves the video tools with a document load, so other pages are not isolated', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Pricing' }).first().click();
    await page.waitForURL(/\/pricing/);
    await page.waitForFunction(() => !crossOriginIsolated);
  }, 60_000);
});
