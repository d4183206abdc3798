import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitForApp, type Harness } from './harness';

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
      if (lang === 'zh') await context.addCookies([{ name: 'ui', value: 'zh', url: harness.baseUrl }]);
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
      await page.goto(path);
      await waitForApp(page);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).waitFor();
      // Hydrated: the header's language toggle answers.
      await page.getByTestId('language-toggle').first().click();
      await page.waitForFunction((was) => document.documentElement.lang !== was, lang === 'zh' ? 'zh-CN' : 'en');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
