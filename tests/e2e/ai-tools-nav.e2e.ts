import { afterAll, beforeAll, describe, it } from 'vitest';
import enNav from '../../locales/en/nav.json';
import enReading from '../../locales/en/reading.json';
import zhNav from '../../locales/zh/nav.json';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { startHarness, type Harness } from './harness';

/** Issue 12, deliver 4: the two AI assistants are reachable from the header's AI tools, the mobile menu and Ctrl+K. */
describe('AI tools in the site', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('lists the QA bot and the reader under "AI tools" in the header and leads to them', async () => {
    const { page, context } = await harness.open('/pricing');
    await page.getByTestId('ai-tools-trigger').hover();
    const panel = page.getByRole('region', { name: enNav.aiTools });
    await panel.getByRole('link', { name: new RegExp(enNav.aiItems.qaBot.title) }).waitFor();
    await panel.getByRole('link', { name: new RegExp(enNav.aiItems.reader.title) }).click();
    await page.waitForURL((url) => url.pathname === '/products/reader');
    await page.getByRole('heading', { level: 1, name: enReading.title }).waitFor();
    // The bot needs an account: a visitor is sent to sign in, and back after.
    await page.mouse.move(0, 600);
    await page.getByTestId('ai-tools-trigger').hover();
    await page.getByRole('region', { name: enNav.aiTools }).getByRole('link', { name: new RegExp(enNav.aiItems.qaBot.title) }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/products/qaBot');
    await context.close();
  });

  it('finds both with Ctrl+K by what they do, in English and Chinese words', async () => {
    const { page, context } = await harness.open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Search tools and pages' });
    await input.pressSequentially('translate');
    await page.getByRole('option', { name: enNav.aiItems.reader.title }).waitFor();
    await input.fill('');
    await input.pressSequentially('客服');
    await page.getByRole('option', { name: enNav.aiItems.qaBot.title }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/products/qaBot');
    await context.close();
  });

  it('shows them in the mobile menu (zh)', async () => {
    const { page, context } = await harness.open('/', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.evaluate((key) => localStorage.setItem(key, 'zh'), `${DEFAULT_STORAGE_PREFIX}lang`);
    await page.reload();
    await page.getByTestId('mobile-menu-button').click();
    const menu = page.getByRole('dialog', { name: '菜单' });
    await menu.getByRole('link', { name: zhNav.aiItems.qaBot.title }).waitFor();
    await menu.getByRole('link', { name: zhNav.aiItems.reader.title }).click();
    await page.waitForURL((url) => url.pathname === '/products/reader');
    await context.close();
  });
});
