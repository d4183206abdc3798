import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { ADMIN, loginThroughUi, startHarness, type Harness } from './harness';

describe('app shell journeys', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('renders the home page with every section and the 2024 footer', async () => {
    const { page, context } = await harness.open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const id of ['#services', '#cases', '#contact']) await page.locator(id).waitFor();
    await page.getByText('© 2024 DocuFlow').waitFor();
    await expect(page.getByPlaceholder('Ctrl + K').count()).resolves.toBe(0);
    await page.getByText('Ctrl + K').first().waitFor();
    await context.close();
  });

  it('switches to 中 and keeps Chinese across a reload', async () => {
    const { page, context } = await harness.open('/');
    const toggle = page.getByTestId('language-toggle').first();
    await expect(toggle.textContent()).resolves.toBe('中');
    await toggle.click();
    await page.getByRole('link', { name: '首页' }).first().waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), `${DEFAULT_STORAGE_PREFIX}lang`)).toBe('zh');
    await page.reload();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect(page.getByTestId('language-toggle').first().textContent()).resolves.toBe('En');
    await context.close();
  });

  it('opens the mobile menu at 390x844 with its badge at 2 and navigates from it', async () => {
    const { page, context } = await harness.open('/', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).first().isVisible()).resolves.toBe(false);
    const button = page.getByTestId('mobile-menu-button');
    await expect(button.getAttribute('aria-label')).resolves.toContain('2');
    await expect(page.getByTestId('count-badge').first().textContent()).resolves.toBe('2');
    await button.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await menu.getByRole('button', { name: 'PDF tools' }).click();
    await menu.getByRole('link', { name: 'PDF to Word' }).waitFor();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await menu.waitFor({ state: 'hidden' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows Not Found for an unknown route and matches routes case-insensitively', async () => {
    const { page, context } = await harness.open('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/not-found');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/PRICING');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    await page.goto('/Terms');
    await page.getByText('One login per person').waitFor();
    await context.close();
  });

  it('Ctrl+K opens the search and reaches a tool from the keyboard', async () => {
    const { page, context } = await harness.open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search tools and pages' });
    await input.waitFor();
    await input.pressSequentially('excel to');
    await page.getByRole('option', { name: 'Excel to Word' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { selected: true }).textContent()).resolves.toContain('Excel to PDF');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/products/convert/excel-to-pdf');
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Meta+k');
    await input.waitFor();
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('keeps the admin area for managers', async () => {
    const { page, context } = await harness.open('/admin/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    await loginThroughUi(page, ADMIN.userId, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    // Staff get the admin area in Chinese until they switch it there; the site keeps its own language.
    // The page asked for before signing in opens once signed in, without a reload.
    await page.getByRole('heading', { level: 1, name: '仪表盘' }).waitFor();
    const menu = page.getByRole('navigation', { name: '管理菜单' });
    for (const group of ['数据看板', '产品列表', '运营区', '计费与订单', '反馈']) await menu.getByText(group, { exact: true }).waitFor();
    await menu.getByRole('link', { name: '订单列表' }).click();
    await page.getByRole('heading', { level: 1, name: '订单列表' }).waitFor();
    await page.getByTestId('language-toggle').click();
    const englishMenu = page.getByRole('navigation', { name: 'Admin menu' });
    await englishMenu.getByRole('link', { name: 'Order list' }).waitFor();
    await page.goto('/admin/nothing-here');
    await page.getByRole('heading', { name: 'Admin page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to site' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await context.close();
  });

  it('serves an installable manifest with its icons', async () => {
    const { page, context } = await harness.open('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(href ?? '/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ short_name: 'DocuFlow', display: 'standalone', start_url: '/' });
    const sizes = (manifest.icons as Array<{ src: string; sizes: string; purpose: string }>).map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons as Array<{ src: string }>) expect((await page.request.get(icon.src)).status()).toBe(200);
    expect((await page.request.get('/sw.js')).status()).toBe(200);
    await context.close();
  });
});

