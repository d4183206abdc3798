import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN_PAIRS } from '../fixtures/qa/docuflow-en';
import { qaCsv } from '../fixtures/qa/documents';
import { ADMIN, loginThroughUi, registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Issue 12's QA bot journeys: an owner imports a QA document (and a bad one is refused by line);
 * a visitor on a plain page of another origin asks through the widget and gets the cited answer
 * without any cookie of ours; an unknown question becomes a hand-off the owner answers and the
 * visitor sees in the widget.
 */
const PAIRS = EN_PAIRS.slice(0, 30).map(({ id: _id, ...p }) => p);

describe('QA bot', () => {
  let harness: Harness;
  let owner: Page;
  let hostPage: Server;
  let hostUrl = '';
  let publicKey = '';

  beforeAll(async () => {
    harness = await startHarness();
    ({ page: owner } = await harness.open('/'));
    await registerThroughUi(owner, { userId: uniqueUserId('qab'), email: 'qa.owner@example.com', password: 'Start-Passw0rd' });
    await owner.goto('/products/qaBot');
    await owner.getByRole('textbox', { name: 'New bot name' }).fill('Shop help');
    await owner.getByRole('button', { name: 'Create bot' }).click();
    await owner.getByRole('tab', { name: 'Pairs' }).waitFor();

    hostPage = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Shop</title><style>button{background:red!important}*{font-size:40px}</style></head>
<body><h1>Our shop</h1><script src="${harness.baseUrl}/widget/qa-bot.js" data-bot="${publicKey}" async></script></body></html>`);
    });
    hostPage.listen(0, '127.0.0.1');
    await once(hostPage, 'listening');
    hostUrl = `http://127.0.0.1:${(hostPage.address() as AddressInfo).port}/`;
  }, 600_000);
  afterAll(async () => {
    hostPage?.close();
    await harness?.close();
  });

  it('imports a CSV through the file input and shows the pairs; a bad document shows its line errors and imports nothing', async () => {
    const input = owner.getByTestId('qa-document-input');
    await input.setInputFiles({ name: 'faq.csv', mimeType: 'text/csv', buffer: Buffer.from(qaCsv(PAIRS)) });
    await owner.getByText('Imported 30 pairs.').waitFor();
    await owner.getByRole('cell', { name: PAIRS[0]!.question }).waitFor();

    const bad = [...PAIRS.slice(0, 3), { question: 'No answer here?', answer: '', alternatives: [] }];
    await input.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(qaCsv(bad)) });
    const errors = owner.getByRole('table', { name: 'Problems by line' });
    await errors.waitFor();
    expect(await errors.getByRole('row').nth(1).innerText()).toMatch(/5\s+The answer is missing/);
    await owner.getByText('Nothing was imported').waitFor();
    // The old pairs are kept.
    await owner.getByRole('cell', { name: PAIRS[29]!.question }).waitFor();

    await owner.getByRole('tab', { name: 'Embed' }).click();
    const tag = await owner.getByTestId('qa-embed-tag').innerText();
    publicKey = /data-bot="([^"]+)"/.exec(tag)![1]!;
    expect(tag).toContain('/widget/qa-bot.js');
  });

  it('answers a visitor on another site through the widget, citing the pair, without cookies of ours', async () => {
    const { context, page } = await harness.open('about:blank');
    await page.goto(hostUrl);
    await page.getByRole('button', { name: 'Open help chat' }).click();
    await page.getByRole('textbox', { name: 'Type your question' }).fill('Is there a free trial?');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = PAIRS.find((p) => p.question === 'Is there a free trial?')!.answer;
    await page.getByText(answer.slice(0, 40)).waitFor();
    await page.getByText('From: Is there a free trial?').waitFor();
    // The host page's CSS does not reach into the widget.
    const color = await page.getByRole('button', { name: 'Send' }).evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(color).not.toBe('rgb(255, 0, 0)');
    expect(await context.cookies(harness.baseUrl)).toEqual([]);
    // Keyboard: Escape closes the panel and focus returns to the button.
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Open help chat' }).evaluate((b) => (b.getRootNode() as ShadowRoot).activeElement === b)).toBe(true);
  });

  it('hands an unknown question to the owner, whose reply appears in the visitor\'s widget', async () => {
    const { context, page } = await harness.open('about:blank');
    await page.goto(hostUrl);
    await page.getByRole('button', { name: 'Open help chat' }).click();
    await page.getByRole('textbox', { name: 'Email (optional, for a reply)' }).fill('visitor@example.com');
    await page.getByRole('textbox', { name: 'Type your question' }).fill('Who is the CEO of your company?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('passed your question to a person').waitFor();

    await owner.getByRole('tab', { name: 'Hand-offs' }).click();
    await owner.getByText('Who is the CEO of your company?').waitFor();
    await owner.getByText('visitor@example.com').waitFor();
    await owner.getByRole('textbox', { name: 'Your reply' }).fill('Our CEO is Ada Lovelace.');
    await owner.getByRole('button', { name: 'Send reply' }).click();
    await owner.getByText('Replied').waitFor();

    // The open panel polls every 10 s.
    await page.getByText('Our CEO is Ada Lovelace.').waitFor({ timeout: 30_000 });
    expect(await context.cookies(harness.baseUrl)).toEqual([]);
    // Staff (a manager) can open any bot's page and answer too; the visitor sees that as well.
    const { page: staff } = await harness.open('/login');
    await loginThroughUi(staff, ADMIN.userId, ADMIN.password);
    await staff.getByTestId('profile-trigger').waitFor();
    await staff.goto(new URL(owner.url()).pathname);
    await staff.getByRole('tab', { name: 'Hand-offs' }).click();
    await staff.getByRole('textbox', { name: 'Your reply' }).fill('Staff here: see our About page.');
    await staff.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Staff here: see our About page.').waitFor({ timeout: 30_000 });

    // The question also waits in Suggestions.
    await owner.getByRole('tab', { name: 'Suggestions' }).click();
    await owner.getByText('Who is the CEO of your company?').waitFor();
  }, 120_000);

  it('the owner caps charged answers a day on the Embed tab; past it the widget hands off and Analytics says so', async () => {
    await owner.getByRole('tab', { name: 'Embed' }).click();
    const settings = owner.getByTestId('qa-daily-cap-settings');
    // One answer was charged today already (the trial question above): a cap of 1 is reached.
    await settings.getByRole('spinbutton', { name: 'Charged answers per day (UTC)' }).fill('1');
    await settings.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Daily limit saved.').waitFor();

    const { page } = await harness.open('about:blank');
    await page.goto(hostUrl);
    await page.getByRole('button', { name: 'Open help chat' }).click();
    await page.getByRole('textbox', { name: 'Type your question' }).fill(PAIRS[0]!.question);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('passed your question to a person').waitFor();

    await owner.getByRole('tab', { name: 'Analytics' }).click();
    await owner.getByText('Your bot reached today\'s limit of 1 charged answers: 1 question it could have answered was handed off').waitFor();
  });

  it('fits a 390 px wide phone screen on every tab', async () => {
    await owner.setViewportSize({ width: 390, height: 844 });
    for (const tab of ['Pairs', 'Synonyms', 'Try it', 'Hand-offs', 'Suggestions', 'Analytics', 'Embed']) {
      await owner.getByRole('tab', { name: tab }).click();
      await owner.getByRole('tabpanel', { name: tab }).waitFor();
      const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
    }
  });
});
