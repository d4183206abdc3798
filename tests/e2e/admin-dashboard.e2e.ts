import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stats } from '@contracts/admin/stats';
import { openDb, type DbHandle } from '../../api/db/index';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { ADMIN, field, loginThroughUi, registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Issue 11: the manager's dashboard on a phone (390×844): the charts render at a size, their
 * screen-reader tables hold the API's figures, the page never scrolls sideways, and a preset
 * asks the server for its own range; in Chinese (the admin area's default) and in English.
 */

const DAY = 86_400_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const dayStr = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const today = () => Math.floor(Date.now() / DAY);

/** POSTs JSON from the page as the app does (cookie session plus the XSRF header). */
function postFromPage(page: Page, path: string, body: unknown): Promise<{ code: number; data: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const res = await fetch(`/api/v1${path}`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, body: JSON.stringify(body) });
      return (await res.json()) as { code: number; data: unknown };
    },
    { path, body },
  );
}

/** The figures of a chart's screen-reader table, row by row. */
async function tableRows(page: Page, chart: string): Promise<string[][]> {
  return page.getByTestId(`chart-${chart}-table`).locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

describe('admin dashboard', () => {
  let harness: Harness;
  let db: DbHandle;

  beforeAll(async () => {
    harness = await startHarness();
    db = openDb({ sqlitePath: join(harness.dataDir, 'app.db') });
    // A user converts in the browser today: two successes and a failure.
    const { page, context } = await harness.open('/');
    const userId = uniqueUserId('dash');
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Sunny-Day7' });
    const ids: string[] = [];
    for (const [name, success] of [['a.xlsx', true], ['b.xlsx', true], ['c.pdf', false]] as const) {
      const type = name.endsWith('.pdf') ? 'pdf-to-word' : 'excel-to-json';
      const start = await postFromPage(page, '/document/convert', { convertType: type, engine: 'browser', files: [{ name, size: 1000 }] });
      expect(start.code).toBe(200);
      const id = (start.data as { documentId: string }).documentId;
      ids.push(id);
      const done = await postFromPage(page, `/document/${id}/complete`, success ? { success: true, files: [{ name: 'out', size: 10 }] } : { success: false, reason: 'unreadable' });
      expect(done.code).toBe(200);
    }
    await context.close();
    // And two days ago the server ran one (the API cannot backdate a conversion).
    const row = await db.db.selectFrom('conversions').selectAll().where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    await db.db.insertInto('conversions').values({ ...row, id: `${row.id}-server`, engine: 'server', convert_type: 'word-to-pdf', created_at: row.created_at - 2 * DAY, quota_id: null }).execute();
  });
  afterAll(async () => {
    await db?.close();
    await harness?.close();
  });

  /** Opens the dashboard on a phone as the manager, in the admin area's default language or the one given. */
  async function openAsManager(lang?: 'en'): Promise<{ page: Page; context: BrowserContext; requests: URL[] }> {
    const { page, context } = await harness.open('/', PHONE);
    if (lang) await context.addInitScript((k) => localStorage.setItem(k, 'en'), DEFAULT_STORAGE_PREFIX + 'adminLang');
    const requests: URL[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/v1/admin/stats') requests.push(url);
    });
    // Signed in before the first admin path: react-router keeps a route's `lazy` result, and
    // src/app/guards/admin-guard.ts resolves an admin page opened while signed out to the
    // no-permission page, which then stays until a reload (a foundation bug, reported).
    await page.goto('/login?redirect=%2Fadmin%2Fdashboard');
    await loginThroughUi(page, ADMIN.userId, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    return { page, context, requests };
  }

  /** The API's answer for the range the page shows, fetched with the manager's session. */
  async function apiStats(page: Page, from: string, to: string): Promise<Stats> {
    const res = await page.evaluate(async (q) => (await fetch(`/api/v1/admin/stats?${q}`, { credentials: 'include' })).json(), `from=${from}&to=${to}`);
    expect(res.code).toBe(200);
    return res.data as Stats;
  }

  async function expectChartsRendered(page: Page): Promise<void> {
    for (const chart of ['conversions', 'engines', 'types', 'signups']) {
      const svg = page.getByTestId(`chart-${chart}-plot`).locator('svg').first();
      await svg.waitFor();
      const box = await svg.boundingBox();
      expect(box, chart).not.toBeNull();
      expect(box!.width, chart).toBeGreaterThan(100);
      expect(box!.height, chart).toBeGreaterThan(100);
      // Sized to its card: never wider than the phone.
      expect(box!.x + box!.width, chart).toBeLessThanOrEqual(390);
    }
    // The marks themselves: the stacked bars, the donut's arcs, the type bars and the lines.
    const marks = async (chart: string, selector: string) =>
      page.getByTestId(`chart-${chart}-plot`).locator(selector).evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width * e.getBoundingClientRect().height > 0).length);
    await expect.poll(() => marks('conversions', 'rect[role="option"]')).toBeGreaterThan(0);
    await expect.poll(() => marks('engines', 'path')).toBeGreaterThanOrEqual(2);
    await expect.poll(() => marks('types', 'rect[role="option"]')).toBeGreaterThan(0);
    await expect.poll(() => marks('signups', 'path')).toBeGreaterThanOrEqual(3);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  async function expectTablesMatch(page: Page, stats: Stats): Promise<void> {
    expect(await tableRows(page, 'conversions')).toEqual(stats.days.map((d) => [d.day, String(d.conversions), String(d.succeeded), String(d.failed)]));
    expect(await tableRows(page, 'signups')).toEqual(stats.days.map((d) => [d.day, String(d.newUsers), String(d.ordersCreated), String(d.ordersPaid)]));
    const engines = await tableRows(page, 'engines');
    expect(engines.map((r) => r[1])).toEqual([String(stats.engines.browser), String(stats.engines.server)]);
    const types = await tableRows(page, 'types');
    expect(types.map((r) => r.slice(1))).toEqual(stats.types.map((ty) => [String(ty.conversions), String(ty.succeeded), String(ty.failed)]));
    await expect(page.getByTestId('stat-newUsers-value').textContent()).resolves.toBe(String(stats.totals.newUsers));
  }

  it('renders its charts on a phone in Chinese, with the API\'s figures in the tables; a preset asks for its range', async () => {
    const { page, context, requests } = await openAsManager();
    await page.getByRole('heading', { level: 1, name: '仪表盘' }).waitFor();
    const dashboard = page.getByTestId('dashboard');
    const from30 = dayStr(today() - 29);
    await expect.poll(() => dashboard.getAttribute('data-from')).toBe(from30);
    expect(requests.at(-1)!.searchParams.get('from')).toBe(from30);
    expect(requests.at(-1)!.searchParams.get('to')).toBe(dayStr(today()));
    await page.getByRole('heading', { name: '每日转换次数' }).waitFor();
    await expectChartsRendered(page);
    const stats = await apiStats(page, from30, dayStr(today()));
    expect(stats.totals.conversions).toBeGreaterThanOrEqual(4);
    expect(stats.engines.server).toBeGreaterThanOrEqual(1);
    await expectTablesMatch(page, stats);
    expect(await tableRows(page, 'engines')).toEqual([
      ['浏览器', String(stats.engines.browser), expect.stringMatching(/%$/)],
      ['服务器', String(stats.engines.server), expect.stringMatching(/%$/)],
    ]);

    await page.getByRole('button', { name: '最近 7 天' }).click();
    const from7 = dayStr(today() - 6);
    await expect.poll(() => dashboard.getAttribute('data-from')).toBe(from7);
    expect(requests.at(-1)!.searchParams.get('from')).toBe(from7);
    await expectChartsRendered(page);
    await expectTablesMatch(page, await apiStats(page, from7, dayStr(today())));
    await context.close();
  });

  it('speaks English when the manager chose it; a range with nothing in it shows the empty state', async () => {
    const { page, context, requests } = await openAsManager('en');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Conversions per day' }).waitFor();
    await expectChartsRendered(page);

    await page.getByRole('button', { name: 'Last 90 days' }).click();
    const from90 = dayStr(today() - 89);
    const dashboard = page.getByTestId('dashboard');
    await expect.poll(() => dashboard.getAttribute('data-from')).toBe(from90);
    expect(requests.at(-1)!.searchParams.get('from')).toBe(from90);
    await expectChartsRendered(page);
    await expectTablesMatch(page, await apiStats(page, from90, dayStr(today())));
    expect((await tableRows(page, 'engines')).map((r) => r[0])).toEqual(['Browser', 'Server']);

    // A custom range long before any activity: the cards stay, the charts give way to the empty state.
    await field(page, 'From').fill('2020-01-01');
    await field(page, 'To').fill('2020-01-31');
    await expect.poll(() => dashboard.getAttribute('data-from')).toBe('2020-01-01');
    await page.getByText('Nothing happened in this range').waitFor();
    await expect(page.getByTestId('stat-newUsers-value').textContent()).resolves.toBe('0');
    // From after To is refused in the page, before any request.
    const asked = requests.length;
    await field(page, 'From').fill('2020-03-01');
    await page.getByText('The first day must not be after the last day.').waitFor();
    expect(requests.length).toBe(asked);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
