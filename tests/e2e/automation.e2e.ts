import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/automation.json';
import { PageServer } from '../helpers/page-server';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

const SITE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Greeter</title>
<style>body{font:18px sans-serif;margin:24px}label,input,button{display:block;margin:8px 0}</style></head><body>
<h1>Greeter</h1><label for="n">Your name</label><input id="n"><button id="b" type="button">Greet me</button>
<p id="out" data-testid="greeting"></p>
<script>document.getElementById('b').onclick=()=>{document.getElementById('out').textContent='Hello, '+document.getElementById('n').value}</script></body></html>`;

/**
 * Issue 14's journey: allow a local site, record a flow on it through the streamed page, replay it,
 * schedule it, and read its run history (a manual run and a scheduled one, with step screenshots).
 */
describe('web process automation', () => {
  let harness: Harness;
  let site: PageServer;
  let page: Page;
  let probe: Page;

  beforeAll(async () => {
    harness = await startHarness();
    site = new PageServer({ '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SITE) });
    await site.start();
    ({ page } = await harness.open('/'));
    await registerThroughUi(page, { userId: uniqueUserId('auto'), email: 'auto.user@example.com', password: 'Start-Passw0rd' });
    // Where the site's elements sit in the recorder's 1024 × 700 page.
    const ctx = await harness.browser.newContext({ viewport: { width: 1024, height: 700 } });
    probe = await ctx.newPage();
    await probe.goto(`http://127.0.0.1:${site.port}/`);
    // The harness may build the PWA first, synchronously: on a loaded machine that takes many minutes.
  }, 1_800_000);

  afterAll(async () => {
    await probe?.context().close();
    await site?.stop();
    await harness?.close();
  });

  /** Clicks the streamed picture where `selector` is on the real page. */
  async function clickOnScreen(selector: string) {
    const box = (await probe.locator(selector).boundingBox())!;
    const screen = page.getByTestId('recorder-screen');
    const shown = (await screen.boundingBox())!;
    const before = await page.getByText(/steps? recorded/).textContent();
    await screen.click({ position: { x: ((box.x + box.width / 2) * shown.width) / 1024, y: ((box.y + box.height / 2) * shown.height) / 700 } });
    await expect.poll(() => page.getByText(/steps? recorded/).textContent(), { timeout: 30_000 }).not.toBe(before);
  }

  it('records a flow on a local site, replays it, schedules it and reads its run history', async () => {
    await page.goto('/products/automation');
    await page.getByRole('heading', { level: 1, name: en.title }).waitFor();

    await page.getByRole('tab', { name: en.tabs.settings }).click();
    await page.getByRole('textbox', { name: en.settings.hosts }).fill(`127.0.0.1:${site.port}`);
    await page.getByRole('button', { name: en.settings.saveHosts }).click();
    await page.getByText(en.settings.saved).waitFor();

    await page.getByRole('tab', { name: en.tabs.recorder }).click();
    await page.getByRole('textbox', { name: en.recorder.url }).fill(`http://127.0.0.1:${site.port}/`);
    await page.getByRole('button', { name: en.recorder.start }).click();
    await page.getByTestId('recorder-screen').waitFor({ timeout: 60_000 });

    await page.getByRole('radio', { name: en.recorder.modes.type }).check();
    await page.getByRole('textbox', { name: en.recorder.textFor.type }).fill('Ada');
    await clickOnScreen('#n');
    await page.getByRole('radio', { name: en.recorder.modes.click }).check();
    await clickOnScreen('#b');
    await page.getByRole('radio', { name: en.recorder.modes.extract }).check();
    await page.getByRole('textbox', { name: en.recorder.column }).fill('greeting');
    await clickOnScreen('#out');
    await page.getByText('4 steps recorded').waitFor();
    await page.getByRole('radio', { name: en.recorder.modes.click }).check();
    await page.getByRole('textbox', { name: en.recorder.flowName }).fill('Greeting flow');
    await page.getByRole('button', { name: en.recorder.save }).click();

    // Saved: the flow opens in the flows tab with its four steps.
    const flow = page.getByRole('region', { name: 'Greeting flow' });
    await flow.waitFor({ timeout: 30_000 });
    await expect(flow.getByTestId('automation-step').count()).resolves.toBe(4);

    await flow.getByRole('button', { name: en.flows.run }).click();
    await flow.getByTestId('run-status').filter({ hasText: en.status.succeeded }).first().waitFor({ timeout: 90_000 });
    await flow.getByRole('img', { name: 'The page after step 4' }).waitFor({ timeout: 30_000 });
    await flow.getByText('1 row extracted:').waitFor();

    await flow.getByRole('textbox', { name: en.schedules.cron }).fill('* * * * *');
    await flow.getByRole('button', { name: en.schedules.add }).click();
    await flow.getByRole('list', { name: en.schedules.title }).getByText('* * * * *').waitFor();

    // The next minute's slot fires on the server's own scheduler and shows in the history.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('button', { name: 'Greeting flow' }).click();
          return page.getByRole('region', { name: 'Greeting flow' }).getByText(en.trigger.schedule).count();
        },
        { timeout: 150_000, interval: 10_000 },
      )
      .toBeGreaterThan(0);
    const history = page.getByRole('region', { name: 'Greeting flow' }).getByRole('list', { name: en.history.title });
    await history.getByText(en.trigger.manual).waitFor();
  }, 400_000);
});
