import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../api/db/index';
import { createFeedbackService } from '../../api/services/feedback.service';
import { bilingualWorkbook } from '../helpers/fixtures/spreadsheets';
import { openProfileDialog } from '../helpers/profile-dialog';
import { field, loginThroughUi, logoutThroughUi, registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Issue 10, parts 1 and 2: feedback from the tool pages and pricing (signed out → log in → back to
 * the open form), its history in the profile with staff replies and follow-ups, the failure
 * message when the server refuses, and the profile's usage history and orders tables.
 */

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

describe('feedback and profile lists', () => {
  let harness: Harness;
  let db: DbHandle;

  beforeAll(async () => {
    harness = await startHarness();
    // The server's own SQLite file: the journeys play staff (replies) and seed what the UI cannot make quickly.
    db = openDb({ sqlitePath: join(harness.dataDir, 'app.db') });
  });
  afterAll(async () => {
    await db?.close();
    await harness?.close();
  });

  const internalId = async (userId: string) =>
    (await db.db.selectFrom('users').select('id').where('user_id_lower', '=', userId.toLowerCase()).executeTakeFirstOrThrow()).id;

  describe('in English', () => {
    let page: Page;
    const user = { userId: uniqueUserId('fbe'), email: 'feedback.e2e@example.com', password: 'Start-Passw0rd' };
    const form = () => page.getByRole('dialog', { name: 'Send feedback' });

    beforeAll(async () => {
      ({ page } = await harness.open('/'));
      await registerThroughUi(page, user);
      await logoutThroughUi(page);
    });

    it('asks a signed-out visitor to log in and brings them back to the open form', async () => {
      await page.goto('/products/imageTools');
      await page.getByTestId('feedback-button').click();
      const prompt = page.getByRole('dialog', { name: 'Log in to send feedback' });
      await prompt.waitFor();
      await prompt.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/products/imageTools?feedback=open');
      // Leaving the page must not leave it hidden from screen readers behind the closed prompt.
      await expect.poll(() => page.evaluate(() => document.getElementById('root')?.getAttribute('aria-hidden') ?? null)).toBeNull();
      await loginThroughUi(page, user.userId, user.password);
      await form().waitFor();
      expect(new URL(page.url()).pathname).toBe('/products/imageTools');
      // The marker is dropped once the form is open, so a reload does not reopen it.
      await expect.poll(() => new URL(page.url()).search).toBe('');
    });

    it('checks the form: required fields, e-mail prefilled, content counted to 100 in 3 to 6 rows', async () => {
      const dialog = form();
      await expect(field(dialog, 'E-mail').inputValue()).resolves.toBe(user.email);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText('Please input a subject.').waitFor();
      await dialog.getByText('Please input the content.').waitFor();
      await dialog.getByText('Please choose a category.').waitFor();

      const content = dialog.getByTestId('feedback-content');
      await expect(content.getAttribute('rows')).resolves.toBe('3');
      await content.fill('one\ntwo\nthree\nfour\nfive\nsix\nseven\neight');
      await expect.poll(() => content.getAttribute('rows')).toBe('6');
      await content.fill('x'.repeat(120));
      await expect(content.inputValue()).resolves.toHaveLength(100);
      await dialog.getByText('100/100').waitFor();
      await content.fill('Let me place the watermark in the centre.');
      await dialog.getByText('41/100').waitFor();
      await expect.poll(() => content.getAttribute('rows')).toBe('3');
    });

    it('sends feedback from the tool page and finds it in the profile\'s feedback history', async () => {
      const dialog = form();
      await field(dialog, 'Subject').fill('Watermark position');
      await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Suggestion' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Thank you! Your feedback has been sent.').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const profile = await openProfileDialog(page, 'Feedback history', 'My account');
      const card = profile.locator('li[data-conversation-id]', { hasText: 'Watermark position' });
      await card.waitFor();
      await card.getByText('Let me place the watermark in the centre.').waitFor();
      await card.getByText('Suggestion', { exact: true }).waitFor();
      await card.getByText('Waiting for reply').waitFor();
    });

    it('shows a staff reply set apart from the user\'s messages, and sends a follow-up into the same conversation', async () => {
      const [mine] = await createFeedbackService(db.db).list(await internalId(user.userId));
      expect(mine?.subject).toBe('Watermark position');
      await createFeedbackService(db.db).reply(mine!.conversationId, { id: 'staff', name: 'Mia' }, 'Thanks! Centre placement ships next week.');

      await page.reload();
      const profile = await openProfileDialog(page, 'Feedback history', 'My account');
      const card = profile.locator(`li[data-conversation-id="${mine!.conversationId}"]`);
      const reply = card.locator('li[data-type="reply"]');
      await reply.getByText('DocuFlow support (Mia)').waitFor();
      await reply.getByText('Thanks! Centre placement ships next week.').waitFor();
      await card.getByText('Replied', { exact: true }).waitFor();
      await expect(card.locator('li[data-type="feedback"]').getByText('You', { exact: true }).count()).resolves.toBe(1);

      await card.getByRole('button', { name: 'Add a message' }).click();
      const followUp = card.getByRole('form', { name: 'Add a message' });
      await followUp.getByRole('textbox').fill('Great, thank you.');
      await followUp.getByRole('button', { name: 'Send' }).click();
      await card.locator('li[data-type]').nth(2).getByText('Great, thank you.').waitFor();
      await expect(card.locator('li[data-type]').evaluateAll((items) => items.map((li) => li.getAttribute('data-type')))).resolves.toEqual(['feedback', 'reply', 'feedback']);
      await card.getByText('Waiting for reply').waitFor();
      // One conversation, not two.
      await expect(profile.locator('li[data-conversation-id]').count()).resolves.toBe(1);
      await page.keyboard.press('Escape');
      await profile.waitFor({ state: 'hidden' });
    });

    it('shows the failure message, not the success text, when the server refuses the feedback', async () => {
      // Two sends so far; the server takes ten an hour per user, so use up the rest.
      for (let i = 0; i < 8; i++) {
        const res = await postFromPage(page, '/contactus/feedback', { subject: `Filler ${i}`, content: 'filler', category: 'OTHERS', email: user.email });
        expect(res.code).toBe(200);
      }
      await page.getByTestId('feedback-button').click();
      const dialog = form();
      await field(dialog, 'Subject').fill('One too many');
      await dialog.getByTestId('feedback-content').fill('This one is refused.');
      await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Other' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      const failure = dialog.getByTestId('feedback-failure');
      await failure.getByText('Your feedback could not be sent.').waitFor();
      await failure.getByText('Too many attempts. Please wait a moment and try again.').waitFor();
      await expect(failure.getByText('Thank you', { exact: false }).count()).resolves.toBe(0);
      // The form stays open with what was typed.
      await expect(field(dialog, 'Subject').inputValue()).resolves.toBe('One too many');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  describe('in Chinese', () => {
    let page: Page;
    let context: BrowserContext;
    const user = { userId: uniqueUserId('fbz'), email: 'feedback.zh@example.com', password: 'Start-Passw0rd' };
    const form = () => page.getByRole('dialog', { name: '提交反馈' });

    beforeAll(async () => {
      ({ page, context } = await harness.open('/'));
      await registerThroughUi(page, user);
      await page.getByTestId('language-toggle').first().click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    });

    it('sends feedback from the pricing page in Chinese and finds it in 反馈记录', async () => {
      await page.goto('/pricing');
      await page.getByRole('button', { name: '反馈' }).click();
      const dialog = form();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '提交' }).click();
      await dialog.getByText('请输入主题。').waitFor();
      await dialog.getByText('请选择类别。').waitFor();
      await expect(field(dialog, '邮箱').inputValue()).resolves.toBe(user.email);
      await field(dialog, '主题').fill('价格说明');
      await dialog.getByTestId('feedback-content').fill('希望年度会员可以按月付款。');
      await dialog.getByText('13/100').waitFor();
      await dialog.getByRole('combobox', { name: '类别' }).selectOption({ label: '建议' });
      await dialog.getByRole('button', { name: '提交' }).click();
      await page.getByText('感谢您的反馈，已提交成功！').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const profile = await openProfileDialog(page, '反馈记录', '我的账号');
      const card = profile.locator('li[data-conversation-id]', { hasText: '价格说明' });
      await card.getByText('希望年度会员可以按月付款。').waitFor();
      await card.getByText('建议', { exact: true }).waitFor();
      await card.getByText('等待回复').waitFor();
    });

    it('opens the same form from the feedback history, and shows 反馈提交失败 when the network is down', async () => {
      const profile = page.getByRole('dialog', { name: '我的账号' });
      await profile.getByRole('button', { name: '新建反馈' }).click();
      const dialog = form();
      await dialog.waitFor();
      await field(dialog, '主题').fill('离线');
      await dialog.getByTestId('feedback-content').fill('断网时提交。');
      await dialog.getByRole('combobox', { name: '类别' }).selectOption({ label: '问题' });
      await context.setOffline(true);
      try {
        await dialog.getByRole('button', { name: '提交' }).click();
        const failure = dialog.getByTestId('feedback-failure');
        await failure.getByText('反馈提交失败。').waitFor();
        await failure.getByText('无法连接 DocuFlow，请检查网络后重试。').waitFor();
      } finally {
        await context.setOffline(false);
      }
      await dialog.getByRole('button', { name: '提交' }).click();
      await page.getByText('感谢您的反馈，已提交成功！').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // The history behind it shows the new conversation too.
      await profile.locator('li[data-conversation-id]', { hasText: '离线' }).waitFor();
      await expect(profile.locator('li[data-conversation-id]').count()).resolves.toBe(2);
    });

    it('asks a signed-out visitor to log in (in Chinese) and returns to the open form', async () => {
      await page.keyboard.press('Escape');
      await logoutThroughUiZh(page);
      await page.goto('/products/convert/introduce');
      await page.getByTestId('feedback-button').click();
      const prompt = page.getByRole('dialog', { name: '登录后提交反馈' });
      await prompt.getByRole('button', { name: '登录' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await field(page, '用户 ID 或邮箱').fill(user.userId);
      await field(page, '密码').fill(user.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await form().waitFor();
      expect(new URL(page.url()).pathname).toBe('/products/convert/introduce');
    });
  });

  describe('usage history and orders', () => {
    let page: Page;
    let context: BrowserContext;
    const user = { userId: uniqueUserId('fbl'), email: 'lists.e2e@example.com', password: 'Start-Passw0rd' };

    beforeAll(async () => {
      ({ page, context } = await harness.open('/'));
      await registerThroughUi(page, user);
    });

    it('lists conversions with file names, type, status, time and a download while the file is kept', async () => {
      const xlsx = Array.from(await bilingualWorkbook());
      const documentId = await page.evaluate(async (bytes) => {
        const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
        const form = new FormData();
        form.append('convertType', 'excel-to-json');
        form.append('files', new Blob([new Uint8Array(bytes)]), '季度 报表.xlsx');
        const sub = (await (await fetch('/api/v1/document/submit', { method: 'POST', body: form, credentials: 'include', headers: { 'X-XSRF-TOKEN': token } })).json()) as { data: { documentId: string } };
        await fetch('/api/v1/document/convert', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, body: JSON.stringify({ documentId: sub.data.documentId }) });
        return sub.data.documentId;
      }, xlsx);
      await expect
        .poll(async () => page.evaluate(async (id) => ((await (await fetch(`/api/v1/document/${id}`)).json()) as { data: { status: number } }).data.status, documentId), { timeout: 30_000 })
        .toBe(3);
      const local = (await postFromPage(page, '/document/convert', { convertType: 'excel-to-json', engine: 'browser', files: [{ name: 'local.xlsx', size: 10 }] })) as { data: { documentId: string } };
      await postFromPage(page, `/document/${local.data.documentId}/complete`, { success: true, files: [{ name: 'local.json', size: 5 }] });

      const profile = await openProfileDialog(page, 'Usage history', 'My account');
      const table = profile.getByTestId('usage-table');
      await expect.poll(() => table.getByRole('columnheader').allTextContents()).toEqual(['Files', 'Conversion', 'Status', 'Time', 'Download']);
      const serverRow = table.locator(`tr[data-document-id="${documentId}"]`);
      await serverRow.getByText('季度 报表.xlsx').waitFor();
      await serverRow.getByText('Excel to JSON').waitFor();
      await serverRow.getByText('Succeeded').waitFor();
      const localRow = table.locator(`tr[data-document-id="${local.data.documentId}"]`);
      await localRow.getByText('local.xlsx').waitFor();
      await localRow.getByText('Saved on your device').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), serverRow.getByRole('link', { name: '季度 报表.json' }).click()]);
      expect(download.suggestedFilename()).toBe('季度 报表.json');

      // Three hours later the files are gone: the row keeps its names and shows the expired flag.
      await db.db.updateTable('conversions').set({ expires_at: Date.now() - 1000 }).where('id', '=', documentId).execute();
      await page.reload();
      const again = await openProfileDialog(page, 'Usage history', 'My account');
      const expiredRow = again.getByTestId('usage-table').locator(`tr[data-document-id="${documentId}"]`);
      await expiredRow.getByText('Expired').waitFor();
      await expiredRow.getByText('季度 报表.xlsx').waitFor();
      await expect(expiredRow.getByRole('link').count()).resolves.toBe(0);
    });

    it('pages My orders on the server, with the nums and payment columns', async () => {
      const owner = await internalId(user.userId);
      const base = Date.now() - 3_600_000;
      for (let i = 0; i < 12; i++) {
        const id = randomUUID();
        const paid = i === 0;
        await db.db
          .insertInto('orders')
          .values({
            id, user_id: owner, bundle_id: 'monthly', bundle_name: 'Monthly', bundle_name_zh: '月度会员', amount: 999, currency: 'USD',
            status: paid ? 'paid' : 'cancelled', created_at: base + i * 1000, expire_at: base + 86_400_000, paid_at: paid ? base + 500 : null, hidden_at: null, updated_at: base,
          })
          .execute();
        if (paid) {
          await db.db
            .insertInto('payments')
            .values({ id: randomUUID(), order_id: id, provider: 'sandbox', provider_ref: `e2e-${randomUUID()}`, status: 'paid', pay_url: null, created_at: base, updated_at: base })
            .execute();
        }
      }
      expect((await postFromPage(page, '/order/create', { bundleId: 'monthly' })).code).toBe(200);

      await page.keyboard.press('Escape');
      const profile = await openProfileDialog(page, 'My orders', 'My account');
      const table = profile.getByTestId('orders-table');
      // allTextContents does not wait for the table: poll until it has rendered (a busy machine is slower than the assertion).
      await expect.poll(() => table.getByRole('columnheader').allTextContents()).toEqual(['Bundle', 'Price', 'Quantity', 'Payment', 'Status', 'Time', 'Action']);
      await expect.poll(() => table.locator('tbody tr').count()).toBe(10);
      const paying = table.locator('tr[data-status="paying"]');
      await paying.getByText('Pay within', { exact: false }).waitFor();
      await profile.getByText('Page 1 of 2').waitFor();
      await profile.getByRole('button', { name: 'Next' }).click();
      await profile.getByText('Page 2 of 2').waitFor();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
      const paid = table.locator('tr[data-status="paid"]');
      await paid.getByText('Test checkout').waitFor();
      // innerText leaves out the column label that only phones show.
      await expect(paid.locator('td').nth(2).innerText()).resolves.toBe('1');

      await profile.getByRole('tab', { name: 'Paid' }).click();
      await profile.getByText('Page 1 of 2').waitFor({ state: 'detached' });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    });

    it('stacks the tables into labelled cards on a phone', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      const profile = page.getByRole('dialog', { name: 'My account' });
      const table = profile.getByTestId('orders-table');
      await expect(table.locator('thead').isVisible()).resolves.toBe(false);
      const row = table.locator('tbody tr').first();
      await row.getByText('Payment', { exact: true }).waitFor();
      const box = await row.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
      await context.close();
    });
  });
});

/** The harness's logout, with the Chinese menu entry. */
async function logoutThroughUiZh(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('profile-trigger').click();
    await page.getByRole('button', { name: '退出登录' }).click();
    try {
      await page.getByRole('link', { name: '登录' }).first().waitFor({ timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= 3 || !(await page.getByTestId('profile-trigger').isVisible())) throw err;
    }
  }
}
