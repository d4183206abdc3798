import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProfileDialog } from '../helpers/profile-dialog';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/** What the signed-in user may still convert, read by the page itself (its cookies). */
async function availCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v1/config/limit', { credentials: 'include' });
    const body = (await res.json()) as { data: { availCount: number } };
    return body.data.availCount;
  });
}

async function orderStatus(page: Page, orderId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/v1/order/${id}`, { credentials: 'include' });
    return ((await res.json()) as { data: { status: string } }).data.status;
  }, orderId);
}

const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('orderId') ?? '';

/** The seeded one-off packs (api/db/seed-data.ts), in their sort order: the pricing page's first tab. */
const BUNDLES = [
  { id: 'trial', name: 'Free trial', price: 'Free' },
  { id: 'monthly', name: 'Monthly', price: '$9.99' },
  { id: 'half-year', name: 'Half-year', price: '$49.99' },
  { id: 'yearly', name: 'Yearly', price: '$89.99' },
  { id: 'pdf-pack', name: 'PDF pack', price: '$4.99' },
] as const;

/**
 * Pricing to payment to result to my orders, with the built-in sandbox provider: one visitor who
 * looks around signed out, then registers, buys the monthly bundle and pays; then buys again and
 * cancels from the checkout.
 */
describe('pricing and payment journeys', () => {
  let harness: Harness;
  let page: Page;
  const user = { userId: uniqueUserId('pay'), email: 'pay.user@example.com', password: 'Start-Passw0rd' };

  beforeAll(async () => {
    harness = await startHarness();
    ({ page } = await harness.open('/pricing'));
  });
  afterAll(async () => harness?.close());

  it('shows every published bundle with its price, the trial without a Buy button', async () => {
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    const cards = page.locator('article[data-bundle]');
    await cards.nth(BUNDLES.length - 1).waitFor();
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-bundle')))).toEqual(BUNDLES.map((b) => b.id));
    for (const bundle of BUNDLES) {
      const card = page.locator(`article[data-bundle="${bundle.id}"]`);
      await expect(card.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(bundle.name);
      await expect(card.getByTestId('bundle-price').textContent()).resolves.toBe(bundle.price);
    }
    const monthly = page.locator('article[data-bundle="monthly"]');
    await monthly.getByText('300 conversions', { exact: true }).waitFor();
    await monthly.getByText('Files up to 50 MB', { exact: true }).waitFor();
    await monthly.getByText('Up to 10 files per batch', { exact: true }).waitFor();
    await monthly.getByText('for 1 month', { exact: true }).waitFor();
    const trial = page.locator('article[data-bundle="trial"]');
    await trial.getByText('Included with every new account', { exact: true }).waitFor();
    await expect(trial.getByRole('button').count()).resolves.toBe(0);
    await trial.getByText('One file at a time', { exact: true }).waitFor();
  });

  it('sends a signed-out Buy to log in, coming back to /pricing', async () => {
    await page.getByRole('button', { name: 'Buy Monthly' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/pricing');
  });

  it('shows Chinese names, prices and labels after switching to 中', async () => {
    await page.goto('/pricing');
    await page.locator('article[data-bundle="monthly"]').waitFor();
    await page.getByTestId('language-toggle').first().click();
    const monthly = page.locator('article[data-bundle="monthly"]');
    await monthly.getByRole('heading', { level: 2, name: '月度会员' }).waitFor();
    await monthly.getByText('300 次转换', { exact: true }).waitFor();
    await monthly.getByText('有效期 1 个月', { exact: true }).waitFor();
    await monthly.getByRole('button', { name: '购买月度会员' }).waitFor();
    expect(await monthly.getByTestId('bundle-price').textContent()).toMatch(/9\.99/);
    await expect(page.locator('article[data-bundle="trial"]').getByTestId('bundle-price').textContent()).resolves.toBe('免费');
    await page.getByText('新账号注册即送', { exact: true }).waitFor();
    await page.getByTestId('language-toggle').first().click();
    await monthly.getByRole('heading', { level: 2, name: 'Monthly' }).waitFor();
  });

  it('buys the monthly bundle: checkout with a countdown, sandbox payment, result, quota added', async () => {
    await registerThroughUi(page, user);
    const before = await availCount(page);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Buy Monthly' }).click();
    await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.has('orderId'));
    const orderId = orderIdOf(page);
    expect(orderId).not.toBe('');

    const summary = page.getByTestId('order-summary');
    await summary.getByRole('heading', { level: 2, name: 'Monthly' }).waitFor();
    await expect(summary.getByTestId('order-amount').textContent()).resolves.toBe('$9.99');
    await summary.getByText('300 conversions', { exact: true }).waitFor();
    const countdown = page.getByTestId('order-countdown');
    const first = (await countdown.textContent()) ?? '';
    // About two days to pay: 47:59:5x right after creation.
    expect(first).toMatch(/^47:5\d:\d\d$/);
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(first);

    await page.getByRole('button', { name: 'Pay now · $9.99' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment/sandbox/'));
    await page.getByText('Test payment', { exact: true }).waitFor();
    await page.getByText('No real money is charged', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Pay $9.99' }).click();

    await page.waitForURL((url) => url.pathname === `/payment/result/${orderId}`);
    await page.locator('[data-testid="payment-result"][data-outcome="paid"]').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Payment complete: Monthly' }).waitFor();
    await page.getByRole('link', { name: 'Start converting' }).waitFor();
    await page.getByRole('link', { name: 'Buy again' }).waitFor();
    expect(await availCount(page)).toBe(before + 300);

    // The checkout of a paid order no longer offers to pay.
    await page.goto(`/payment?orderId=${orderId}`);
    await page.getByRole('heading', { name: 'This order has already been paid, so this page is no longer valid' }).waitFor();
    await expect(page.getByRole('button', { name: /Pay now/ }).count()).resolves.toBe(0);
  });

  it('lists the paid order in My orders with Delete, which hides it after confirming', async () => {
    const dialog = await openProfileDialog(page, 'My orders', 'My account');
    const row = dialog.locator('tr[data-status="paid"]');
    await row.waitFor();
    await row.getByText('Monthly', { exact: true }).waitFor();
    await row.getByText('$9.99', { exact: true }).waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this order?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('No orders', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('cancels an order from the checkout after confirming, back on pricing', async () => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Buy Yearly' }).click();
    await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.has('orderId'));
    const orderId = orderIdOf(page);
    await page.getByTestId('order-countdown').waitFor();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await confirm.getByRole('button', { name: 'Keep order' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await orderStatus(page, orderId)).toBe('paying');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    expect(await orderStatus(page, orderId)).toBe('cancelled');

    await page.goto(`/payment?orderId=${orderId}`);
    await page.getByRole('heading', { name: 'This order was cancelled' }).waitFor();
    await page.getByRole('link', { name: 'Buy again' }).waitFor();

    const row = (await openProfileDialog(page, 'My orders', 'My account')).locator(`tr[data-order-id="${orderId}"]`);
    await row.getByText('Cancelled', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Delete' }).waitFor();
  });

  it('shows a provider failure (50201) with a retry that then reaches the checkout', async () => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Buy Monthly' }).click();
    await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.has('orderId'));
    // The sandbox provider never fails: stand in for a provider outage once.
    await page.route('**/api/v1/payment/create**', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ code: 50201, msg: 'provider down', data: null }) }),
    );
    await page.getByRole('button', { name: 'Pay now · $9.99' }).click();
    const notice = page.locator('[aria-live="polite"]', { hasText: 'We could not open the payment page' });
    await notice.getByText('Nothing was charged; please try again in a moment.').waitFor();
    await page.unroute('**/api/v1/payment/create**');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/payment/sandbox/'));
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.waitForURL((url) => url.pathname === '/payment' && url.searchParams.has('orderId'));
    await page.getByTestId('order-countdown').waitFor();
  });

  it('says so when /payment has no order', async () => {
    await page.goto('/payment');
    await page.getByRole('heading', { name: 'No order created' }).waitFor();
    await page.getByRole('link', { name: 'Choose a bundle' }).waitFor();
  });
});
