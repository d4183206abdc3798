import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../api/db/index';
import { startHelper, type HelperServer } from '../../helper/server';
import { optionsFromEnv } from '../../helper/settings';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { grantPaidBundle } from '../helpers/grant-bundle';
import { makeClip, probeFile } from '../helpers/video-fixtures';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Issue 31 part 1: the video panels send work to the paired helper. The test starts a real helper
 * with a throw-away home whose base path holds two generated clips, pairs it on the config panel,
 * trims, splits, crops and merges through the site ("on this computer"), and checks the files the
 * helper wrote with ffprobe; each operation spends one video-tools use, a failed one gives it back.
 * Then a file over the browser's limit (lowered through `videoTools.browserLimitBytes`, which can
 * only lower it) is sent to the helper without the user choosing.
 */
describe('video panels on this computer (local helper jobs)', () => {
  let harness: Harness;
  let db: DbHandle;
  let helper: HelperServer;
  let home: string;
  let base: string;
  let clip: string;
  let page: Page;
  let userId: string;

  beforeAll(async () => {
    harness = await startHarness();
    db = openDb({ sqlitePath: join(harness.dataDir, 'app.db') });
    home = mkdtempSync(join(tmpdir(), 'helper-jobs-e2e-'));
    base = join(home, 'Videos', 'DocuFlow');
    mkdirSync(base, { recursive: true });
    clip = makeClip(base, { seconds: 6, width: 320, height: 240, fps: 25, keyframeEvery: 1 }, 'clip.mp4');
    makeClip(base, { seconds: 3, width: 640, height: 360, fps: 30, keyframeEvery: 1, tone: 660 }, 'other.mp4');
    // Long enough that cropping it is still running when the journey cancels it.
    makeClip(base, { seconds: 60, width: 1280, height: 720, fps: 25, keyframeEvery: 2 }, 'long.mp4');
    const options = optionsFromEnv({ HELPER_PORT: '0', HELPER_APP_ORIGIN: new URL(harness.baseUrl).origin, HELPER_HOME: home, HELPER_OPEN_FOLDERS: '0' });
    helper = await startHelper(options, { info: () => undefined, error: () => undefined });
  }, 900_000);
  afterAll(async () => {
    await helper?.close();
    await db?.close();
    await harness?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  async function credits(): Promise<number> {
    const user = await db.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const rows = await db.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', user.id).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((sum, r) => sum + r.avail_quota, 0);
  }

  /** The files the helper wrote for one kind of operation (`<base>/<kind>/<stem>-<time>/`), newest folder. */
  function results(kind: string): string[] {
    const dirs = readdirSync(join(base, kind)).sort();
    const last = join(base, kind, dirs[dirs.length - 1] as string);
    return readdirSync(last)
      .filter((f) => !f.startsWith('.'))
      .sort()
      .map((f) => join(last, f));
  }

  const ffprobeErrors = (file: string) => spawnSync('ffprobe', ['-v', 'error', file], { encoding: 'utf8' }).stderr.trim();

  async function runAndWait(button: string): Promise<void> {
    await page.getByTestId(button).click();
    await page.getByTestId('helper-job-done').waitFor({ timeout: 120_000 });
  }

  /** A new account in a new browser profile, paired with the helper on the config panel. */
  async function newPairedUser(prefix: string): Promise<void> {
    ({ page } = await harness.open('/register'));
    userId = uniqueUserId(prefix);
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Start-Passw0rd' });
    await grantPaidBundle(db.db, userId);
    await page.goto('/products/videoTools/configure/config');
    await page.getByRole('textbox', { name: 'Helper address' }).fill(helper.url);
    await page.getByRole('button', { name: 'Use this address' }).click();
    await page.getByTestId('helper-state').filter({ hasText: 'Running, not paired' }).waitFor();
    await page.getByRole('textbox', { name: 'Pairing code' }).fill(helper.pairingCode());
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    await page.getByTestId('helper-state').filter({ hasText: 'Connected' }).waitFor();
  }

  /** The cropping panel on this computer, with `file` of the base path chosen and read (`size` as the helper reports it). */
  async function cropOnComputer(file: string, size: string): Promise<void> {
    await page.goto('/products/videoTools/panels/cropping');
    await page.getByTestId('where-computer').check();
    await page.getByTestId('helper-file').selectOption(file);
    await page.getByTestId('helper-file-info').filter({ hasText: size }).waitFor();
  }

  it('pairs the helper on the config panel', async () => {
    await newPairedUser('pcjobs');
  }, 120_000);

  it('trims, splits and crops a clip of the base path on this computer, one use each', async () => {
    await cropOnComputer('clip.mp4', '320×240');

    const before = await credits();
    await page.getByTestId('pc-trim-start').fill('1');
    await page.getByTestId('pc-trim-end').fill('4');
    await page.getByTestId('pc-mode-exact').check();
    await runAndWait('pc-trim-run');
    const [trimmed] = results('trim');
    expect(ffprobeErrors(trimmed as string)).toBe('');
    expect(Math.abs(probeFile(trimmed as string).duration - 3)).toBeLessThan(0.15);
    expect(await credits()).toBeLessThan(before);
    const perUse = before - (await credits());

    await page.getByTestId('helper-show-folder').click();
    await page.getByTestId('helper-folder').filter({ hasText: join(base, 'trim') }).waitFor();

    await page.getByTestId('pc-op-split').click();
    await page.getByTestId('pc-split-value').fill('3');
    await runAndWait('pc-split-run');
    const parts = results('split');
    expect(parts).toHaveLength(3);
    for (const p of parts) expect(ffprobeErrors(p)).toBe('');
    expect(parts.reduce((sum, p) => sum + probeFile(p).duration, 0)).toBeGreaterThan(5.8);
    await expect(page.getByTestId('helper-job-files').locator('li').count()).resolves.toBe(3);

    await page.getByTestId('pc-op-crop').click();
    for (const [k, v] of [['x', '0'], ['y', '0'], ['width', '160'], ['height', '120']] as const) await page.getByTestId(`pc-crop-${k}`).fill(v);
    await runAndWait('pc-crop-run');
    const [cropped] = results('crop');
    expect(probeFile(cropped as string)).toMatchObject({ width: 160, height: 120, videoCodec: 'h264', hasAudio: true });
    expect(await credits()).toBe(before - 3 * perUse);

    // A trim past the end fails on the helper: its reason shown, the use given back.
    await page.getByTestId('pc-op-trim').click();
    await page.getByTestId('pc-trim-start').fill('30');
    await page.getByTestId('pc-trim-end').fill('40');
    await page.getByTestId('pc-trim-run').click();
    await page.getByTestId('helper-job-error').filter({ hasText: 'This time is after the end of the video.' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => credits()).toBe(before - 3 * perUse);
  }, 300_000);

  it('merges two different clips of the base path on this computer, normalised to the first', async () => {
    await page.goto('/products/videoTools/panels/merge');
    await page.getByTestId('where-computer').check();
    const list = page.getByTestId('helper-merge-files');
    await list.getByRole('checkbox', { name: /^clip\.mp4/ }).check();
    await list.getByRole('checkbox', { name: /^other\.mp4/ }).check();
    await runAndWait('pc-merge-run');
    await page.getByText('Re-encoded to one size and frame rate.').waitFor();
    const [merged] = results('merge');
    expect(ffprobeErrors(merged as string)).toBe('');
    const probed = probeFile(merged as string);
    expect(probed).toMatchObject({ width: 320, height: 240, hasAudio: true });
    expect(Math.abs(probed.duration - 9)).toBeLessThan(0.2);
  }, 300_000);

  it('cancels a job on this computer: the use is given back and no partial file is left', async () => {
    // A fresh account: the first one has had its day's device-side refund (api/services/refund-policy.ts).
    await newPairedUser('pccancel');
    await cropOnComputer('long.mp4', '1280×720');
    const before = await credits();
    await page.getByTestId('pc-op-crop').click();
    await page.getByTestId('pc-crop-run').click();
    await page.getByTestId('helper-job-running').waitFor();
    await expect.poll(() => credits()).toBeLessThan(before);
    await page.getByTestId('helper-job-cancel').click();
    await page.getByText('Cancelled. Nothing was kept', { exact: false }).waitFor({ timeout: 30_000 });
    await expect.poll(() => credits()).toBe(before);
    const crops = existsSync(join(base, 'crop')) ? readdirSync(join(base, 'crop')) : [];
    expect(crops.filter((d) => d.startsWith('long-'))).toEqual([]);
  }, 300_000);

  it('follows a job on this computer across a reload of the page to its result, for the one use it spent', async () => {
    await cropOnComputer('long.mp4', '1280×720');
    const before = await credits();
    await page.getByTestId('pc-op-crop').click();
    for (const [k, v] of [['x', '0'], ['y', '0'], ['width', '640'], ['height', '360']] as const) await page.getByTestId(`pc-crop-${k}`).fill(v);
    await page.getByTestId('pc-crop-run').click();
    await page.getByTestId('helper-job-running').waitFor();
    await expect.poll(() => credits()).toBeLessThan(before);
    const spent = await credits();

    // The helper goes on working while the page reloads; the panel comes back on this computer, following it.
    await page.reload();
    await page.getByTestId('helper-job-running').waitFor();
    await expect(page.getByTestId('where-computer').isChecked()).resolves.toBe(true);
    await page.getByTestId('helper-job-done').waitFor({ timeout: 180_000 });
    const [cropped] = results('crop').filter((f) => f.includes('long'));
    expect(probeFile(cropped as string)).toMatchObject({ width: 640, height: 360, videoCodec: 'h264' });
    expect(await credits()).toBe(spent);
    // Ended: forgotten, so the next visit starts idle in the browser.
    await page.reload();
    await page.getByTestId('where-browser').waitFor();
    await expect(page.getByTestId('where-browser').isChecked()).resolves.toBe(true);
    await expect(page.getByTestId('helper-job-running').count()).resolves.toBe(0);
  }, 300_000);

  it('sends a file over the browser limit to the helper by itself', async () => {
    await page.goto('/products/videoTools/panels/cropping');
    await page.evaluate((key) => localStorage.setItem(key, '1000'), `${DEFAULT_STORAGE_PREFIX}videoTools.browserLimitBytes`);
    await page.reload();
    await page.getByTestId('where-browser').waitFor();
    await expect(page.getByTestId('where-browser').isChecked()).resolves.toBe(true);
    await page.getByTestId('crop-file').setInputFiles(clip);
    await page.getByTestId('where-too-large').waitFor();
    await expect(page.getByTestId('where-computer').isChecked()).resolves.toBe(true);
    // The picked file is the base path's clip.mp4 (same name and size): chosen there without asking.
    await expect.poll(() => page.getByTestId('helper-file').inputValue()).toBe('clip.mp4');
    await page.getByTestId('helper-file-info').filter({ hasText: '320×240' }).waitFor();
    await page.getByTestId('pc-op-frames').click();
    await page.getByTestId('pc-frames-value').fill('2');
    await runAndWait('pc-frames-run');
    expect(results('frames')).toHaveLength(3);
    // Nothing was read in the browser: no preview of the file.
    await expect(page.getByTestId('video-info').count()).resolves.toBe(0);
  }, 300_000);
});
