import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_PANELS } from '../../src/lib/site-map';
import { startHelper, type HelperServer } from '../../helper/server';
import { optionsFromEnv } from '../../helper/settings';
import { startMediaServer, type MediaServer } from '../helpers/local-helper-kit';
import { makeClip } from '../helpers/video-fixtures';
import { startHarness, type Harness } from './harness';

/**
 * Issue 13, the local helper from the page: the config panel finds a helper on a non-default port,
 * pairs with the code it printed, and the download panel and the YouTube page download a local
 * file through it into its base path.
 */
describe('local video helper journey', () => {
  let harness: Harness;
  let helper: HelperServer;
  let media: MediaServer;
  let home: string;
  let fixtures: string;
  let clip: string;
  let page: Page;

  beforeAll(async () => {
    harness = await startHarness();
    home = mkdtempSync(join(tmpdir(), 'helper-e2e-home-'));
    fixtures = mkdtempSync(join(tmpdir(), 'helper-e2e-media-'));
    clip = makeClip(fixtures, { seconds: 3, width: 320, height: 240, fps: 25 }, 'sample.mp4');
    media = await startMediaServer(fixtures);
    const options = optionsFromEnv({ HELPER_PORT: '0', HELPER_APP_ORIGIN: new URL(harness.baseUrl).origin, HELPER_HOME: home });
    helper = await startHelper(options, { info: () => undefined, error: () => undefined });
  });
  afterAll(async () => {
    await helper?.close();
    await media?.close();
    await harness?.close();
    for (const dir of [home, fixtures]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('explains how to start the helper, then pairs with its code', async () => {
    ({ page } = await harness.open('/products/videoTools/configure/config'));
    await page.getByRole('heading', { name: 'Local helper', level: 1 }).waitFor();
    const state = page.getByTestId('helper-state');
    await expect(state.filter({ hasText: 'Not running' }).waitFor()).resolves.toBeUndefined();
    await page.getByText('npm run helper').first().waitFor();
    await expect(page.getByRole('link', { name: 'Download video-helper.mjs' }).getAttribute('href')).resolves.toBe('/helper/video-helper.mjs');

    await page.getByRole('textbox', { name: 'Helper address' }).fill(helper.url);
    await page.getByRole('button', { name: 'Use this address' }).click();
    await state.filter({ hasText: 'Running, not paired' }).waitFor();

    const code = page.getByRole('textbox', { name: 'Pairing code' });
    await code.fill('000000' === helper.pairingCode() ? '111111' : '000000');
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    await page.getByText('That code is not the one the helper shows.', { exact: false }).waitFor();
    await code.fill(helper.pairingCode());
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    await state.filter({ hasText: 'Connected' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Folder on this computer' }).inputValue()).resolves.toBe(join(home, 'Videos', 'DocuFlow'));

    // A folder outside the home needs a tick first.
    await page.getByRole('textbox', { name: 'Folder on this computer' }).fill('/tmp/elsewhere-videos');
    await page.getByRole('button', { name: 'Save folder' }).click();
    await page.getByText('This folder is outside your home folder.', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Folder on this computer' }).fill(join(home, 'Clips'));
    await page.getByRole('button', { name: 'Save folder' }).click();
    await page.getByText('Saved.').waitFor();
  });

  it('downloads a file through the download panel, with its history', async () => {
    await page.goto('/products/videoTools/panels/download');
    await page.getByRole('heading', { name: 'Download a video', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Video address' }).fill('file:///etc/passwd');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByText('Only http:// and https:// addresses can be downloaded.').waitFor();
    await page.getByRole('textbox', { name: 'Video address' }).fill(`${media.url}/sample.mp4`);
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const history = page.getByTestId('download-history');
    await history.getByText('sample.mp4', { exact: true }).waitFor();
    await history.getByText('Done').waitFor();
    const saved = join(home, 'Clips', 'sample.mp4');
    expect(existsSync(saved)).toBe(true);
    expect(readFileSync(saved).equals(readFileSync(clip))).toBe(true);
  });

  it('reads a video link on the YouTube page and downloads it', async () => {
    await page.goto('/products/youtube');
    await page.getByRole('textbox', { name: 'Video link' }).fill(`${media.url}/sample.mp4`);
    await page.getByRole('button', { name: 'Get details' }).click();
    const details = page.getByTestId('video-details');
    await details.getByRole('heading', { name: 'sample.mp4' }).waitFor();
    await details.getByText('Length 0:03').waitFor();
    await details.getByText('320×240', { exact: false }).waitFor();
    await expect(details.getByRole('img', { name: 'Picture from the video' }).getAttribute('src')).resolves.toMatch(/^data:image\/jpeg;base64,/);
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByTestId('youtube-result').filter({ hasText: 'Done' }).waitFor();
    expect(existsSync(join(home, 'Clips', 'sample-1.mp4'))).toBe(true);
  });

  it('lists every video panel with what it does, and opens one', async () => {
    await page.goto('/products/videoTools');
    await page.getByRole('heading', { name: 'Video tools', level: 1 }).waitFor();
    const cards = page.locator('[data-testid^="video-panel-card-"]');
    expect(await cards.count()).toBe(VIDEO_PANELS.length);
    for (const { id } of VIDEO_PANELS) expect(await page.getByTestId(`video-panel-card-${id}`).getByRole('link', { name: 'Open' }).count()).toBe(1);
    await page.getByTestId('video-panel-card-merge').getByText('Join several clips into one video.').waitFor();
    await page.getByTestId('video-panel-card-download').getByRole('link', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Download a video', level: 1 }).waitFor();
  });
});
