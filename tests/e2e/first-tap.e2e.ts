import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../helpers/fixtures/image-encoders';
import { startHarness, type Harness } from './harness';

/**
 * The first tap on a landing page that waits for its visitor (src/app/hydration-trigger.ts) is
 * never lost, and the menu and the file chooser answer it before the app has started
 * (src/app/early-taps.ts). Taps on a phone (touchstart/touchend, then the click the browser
 * derives) and clicks with a mouse go through different events, so both are driven.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

describe('the first tap on a landing page', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  async function waitingPage(path: string, options: typeof PHONE | typeof DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, serviceWorkers: 'block', locale: 'en-US', ...options });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(path);
    // Loaded and left alone: the app has not started, the page waits for its visitor.
    await page.locator('html[data-app-waiting=visitor]').waitFor({ state: 'attached' });
    return { context, page };
  }

  const appStarted = (page: Page) => page.evaluate(() => document.documentElement.dataset.appReady === 'true');

  for (const path of ['/', '/pricing', '/products/imageTools']) {
    it(`${path}: a tap on the menu button opens the menu at once, and the app's menu takes over once it has started`, async () => {
      const { context, page } = await waitingPage(path, PHONE);
      await page.getByTestId('mobile-menu-button').tap();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.first().waitFor();
      // Answered by the page itself: the app was still starting when the menu showed.
      expect(await appStarted(page)).toBe(false);
      await expect.poll(() => menu.first().getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true);
      // Once the app has started, one menu is left, the app's (Fluent's drawer): it answers (its close button closes it).
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.locator('.fui-OverlayDrawer[role=dialog]').waitFor();
      await expect.poll(() => menu.count(), { timeout: 15_000 }).toBe(1);
      await menu.getByRole('button', { name: 'Close' }).click();
      await menu.waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('/: the menu closed before the app has started stays closed once it has', async () => {
    const { context, page } = await waitingPage('/', PHONE);
    await page.getByTestId('mobile-menu-button').tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Close' }).tap();
    await menu.waitFor({ state: 'detached' });
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForTimeout(1000);
    expect(await menu.count()).toBe(0);
    await context.close();
  });

  for (const [device, options] of [
    ['a tap', PHONE],
    ['a click', DESKTOP],
  ] as const) {
    it(`/: ${device} on a tool card leads to its page`, async () => {
      const { context, page } = await waitingPage('/', options);
      const card = page.locator('article[data-offering=image-tools]');
      const link = card.getByRole('link', { name: /Learn more/ });
      if (device === 'a tap') await link.tap();
      else await link.click();
      await page.waitForURL('**/detail/image-tools');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await context.close();
    });

    it(`/products/imageTools: ${device} on "Add images" opens the file chooser at once, and the files picked are added once the app has started`, async () => {
      const { context, page } = await waitingPage('/products/imageTools', options);
      const chooser = page.waitForEvent('filechooser');
      const button = page.getByRole('button', { name: 'Add images' });
      if (device === 'a tap') await button.tap();
      else await button.click();
      const fileChooser = await chooser;
      expect(await appStarted(page)).toBe(false);
      await fileChooser.setFiles([{ name: 'picked.png', mimeType: 'image/png', buffer: pngBytes(120, 80) }]);
      await page.getByTestId('image-card').filter({ hasText: 'picked.png' }).filter({ hasText: '120 × 80' }).waitFor();
      // Added once: the early answer and the app did not both take the files.
      expect(await page.getByTestId('image-card').count()).toBe(1);
      await context.close();
    });
  }

  it('/: a click on a header menu on a desktop opens it once the app has started', async () => {
    const { context, page } = await waitingPage('/', DESKTOP);
    await page.getByTestId('ai-tools-trigger').click();
    await page.getByRole('region', { name: 'AI tools' }).waitFor();
    await context.close();
  });
});
