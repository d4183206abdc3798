import { chromium, type Page } from 'playwright-core';

/** Lighthouse's mobile CPU: a fourth of this machine's. */
const CPU_SLOWDOWN = 4;

/**
 * What a prerendered page that waits for its visitor (src/app/hydration-trigger.ts) costs at the
 * first tap: on a phone-sized page with the CPU slowed as Lighthouse's mobile preset does, the time
 * from tapping the header's language toggle to the page showing the other language, (a) as the
 * first use of the page (the tap starts the app, and is replayed on the hydrated button) and
 * (b) once the app has already started (the baseline: the same tap on a hydrated page).
 */
export async function firstTapCost(url: string, runs = 3): Promise<{ firstTapMs: number; hydratedTapMs: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const first: number[] = [];
    const hydrated: number[] = [];
    for (let i = 0; i < runs; i++) {
      first.push(await tapOnce(browser, url, false));
      hydrated.push(await tapOnce(browser, url, true));
    }
    return { firstTapMs: median(first), hydratedTapMs: median(hydrated) };
  } finally {
    await browser.close();
  }
}

async function tapOnce(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string, startFirst: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    if (startFirst) {
      await page.keyboard.press('Shift');
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
    } else if ((await page.evaluate(() => document.documentElement.dataset.appWaiting)) !== 'visitor') {
      throw new Error(`${url} did not wait for its visitor`);
    }
    return await timeTap(page);
  } finally {
    await context.close();
  }
}

async function timeTap(page: Page): Promise<number> {
  const toggle = page.getByTestId('language-toggle').first();
  const box = await toggle.boundingBox();
  if (!box) throw new Error('no language toggle on the page');
  const started = await page.evaluate(() => performance.now());
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', undefined, { timeout: 60_000, polling: 'raf' });
  return (await page.evaluate(() => performance.now())) - started;
}
