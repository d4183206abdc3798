import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { pngBytes } from '../helpers/fixtures/image-encoders';
import { registerThroughUi, startHarness, uniqueUserId, waitForApp, type Harness } from './harness';

/** The landing pages arrive as HTML (scripts/build/prerender-pages.ts) and the app hydrates them. */
describe('prerendered landing pages', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  for (const [path, lang, heading] of [
    ['/', 'en', 'Convert, edit and automate'],
    ['/pricing', 'en', 'Pricing'],
    ['/products/imageTools', 'en', 'Batch image editor'],
    ['/', 'zh', '文档转换'],
    ['/pricing', 'zh', '价格'],
  ] as const) {
    it(`${path} in ${lang}: its heading is in the HTML, it hydrates without an error, and it works`, async () => {
      const context = await harness.browser.newContext({ baseURL: harness.baseUrl, serviceWorkers: 'block' });
      if (lang === 'zh') {
        // A visitor who chose Chinese: the app saved the choice and wrote the cookie that picks the page.
        await context.addCookies([{ name: 'ui', value: 'zh', url: harness.baseUrl }]);
        await context.addInitScript((key) => localStorage.setItem(key, 'zh'), `${DEFAULT_STORAGE_PREFIX}lang`);
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      // The document as the server sent it, before any script ran.
      const html = await (await context.request.get(path)).text();
      expect(html).toContain(`data-prerendered="${lang}"`);
      expect(html).toContain(heading);
      // Each rule ended by a marker, so the app reads them back without a CSS parser (src/app/rehydrate-styles.ts).
      expect(html).toMatch(/<style data-make-styles-bucket="d"[^>]* data-rules-apart=""[^>]*>[^<]+\/\*\|\*\/[^<]+<\/style>/);
      await page.goto(path);
      await waitForApp(page);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).waitFor();
      // The app took over the page's style elements instead of inserting every rule again.
      const duplicateRules = await page.evaluate(() => {
        const seen = new Set<string>();
        let duplicates = 0;
        for (const sheet of Array.from(document.styleSheets)) {
          for (const rule of Array.from(sheet.cssRules)) {
            if (seen.has(rule.cssText)) duplicates += 1;
            seen.add(rule.cssText);
          }
        }
        return duplicates;
      });
      expect(duplicateRules).toBe(0);
      // Hydrated: the header's language toggle answers.
      await page.getByTestId('language-toggle').first().click();
      await page.waitForFunction((was) => document.documentElement.lang !== was, lang === 'zh' ? 'zh-CN' : 'en');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('sends /pricing with the published bundles as cards, rendered on request, and hydrates them at the first use without an error', async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const published = ((await (await context.request.get('/api/v1/bundle/list?lang=en')).json()) as { data: Array<{ id: string; name: string }> }).data;
    const html = await (await context.request.get('/pricing')).text();
    expect(html).toContain('data-hydrate="on-interaction"');
    expect(html).toContain('<script type="application/json" id="page-data">');
    const cards = [...html.matchAll(/data-bundle="([^"]+)"/g)].map((m) => m[1]);
    expect(cards.length).toBeGreaterThan(0);
    for (const id of cards) expect(published.map((b) => b.id)).toContain(id);
    await page.goto('/pricing');
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => document.documentElement.dataset.appWaiting ?? null)).toBe('visitor');
    expect(await page.locator('article[data-bundle]').count()).toBe(cards.length);
    await waitForApp(page);
    // Hydrated in place: the same cards, their Buy buttons answering, no mismatch reported.
    expect(await page.locator('article[data-bundle]').count()).toBe(cards.length);
    await page.getByRole('tab', { name: 'Memberships' }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'membership');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the landing pages anew for a signed-in visitor, with the account in the header and no hydration mismatch', async () => {
    // The prerendered pages are anonymous: hydrating them under a signed-in header logged React
    // error #418 on every one, and React rendered the whole tree again.
    const { page, context } = await harness.open('/register');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    const userId = uniqueUserId('prsigned');
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Prerender-Passw0rd' });
    for (const [path, heading] of [['/', 'Convert, edit and automate'], ['/pricing', 'Pricing'], ['/products/imageTools', 'Batch image editor']] as const) {
      await page.goto(path);
      await waitForApp(page);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).waitFor();
      await page.getByTestId('profile-trigger').waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('waits for the visitor before starting the app, keeps the click that starts it and carries it out once hydrated', async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/');
    // Loaded, painted and left alone: the page stays as sent, with no app work on the main thread.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => ({ ready: document.documentElement.dataset.appReady ?? null, waiting: document.documentElement.dataset.appWaiting ?? null }))).toEqual({ ready: null, waiting: 'visitor' });
    // The first tap starts the app; the tap itself is replayed on the hydrated button.
    await page.getByTestId('language-toggle').first().click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    expect(await page.evaluate(() => document.documentElement.dataset.appWaiting ?? null)).toBeNull();
    await context.close();
  });

  it('keeps a file dropped on the image tools before the app has started, and adds it once it has', async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/products/imageTools');
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => document.documentElement.dataset.appWaiting ?? null)).toBe('visitor');
    // A file dragged in from the desktop: the drag starts the app, the drop is held, not opened.
    await page.evaluate((base64) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }));
      const zone = document.querySelector('[data-testid=image-drop-zone]')!;
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }, pngBytes(120, 80).toString('base64'));
    await page.getByTestId('image-card').filter({ hasText: 'dropped.png' }).filter({ hasText: '120 × 80' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/products/imageTools');
    await context.close();
  });

  it('starts at once on a page loaded as a new document once the app has started in the tab (a reload, or a link out of the video tools)', async () => {
    const context = await harness.browser.newContext({ baseURL: harness.baseUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/');
    await waitForApp(page);
    await page.goto('/products/imageTools');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.appWaiting ?? null)).toBeNull();
    await context.close();
  });

  for (const [why, path, setUp] of [
    ['a signed-in user (the header shows their account)', '/', (key: string) => localStorage.setItem(key + 'userInfo', JSON.stringify({ userId: 'ada', email: 'ada@example.com', name: 'Ada', phone: '', gender: null, birthday: '', mgr: false, google: false }))],
    ['a visitor whose saved theme is dark', '/products/imageTools', (key: string) => localStorage.setItem(key + 'theme', 'dark')],
    ['an address with a query (it can change what the page shows)', '/pricing?kind=membership', () => undefined],
  ] as const) {
    it(`starts the app without waiting for ${why}`, async () => {
      const context = await harness.browser.newContext({ baseURL: harness.baseUrl, serviceWorkers: 'block' });
      await context.addInitScript(setUp, DEFAULT_STORAGE_PREFIX);
      const page = await context.newPage();
      await page.goto(path);
      // No input at all: the app starts by itself.
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      expect(await page.evaluate(() => document.documentElement.dataset.appWaiting ?? null)).toBeNull();
      await context.close();
    });
  }
});
