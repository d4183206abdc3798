import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QaAnalytics, QaAnswer, QaBot, QaHandoff, QaImportResultBody, QaSuggestion } from '@contracts/ai-qa.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { DEFAULT_RATE_LIMITS } from '../../api/http/rate-limit-rules.js';
import { EN_PAIRS } from '../fixtures/qa/docuflow-en.js';
import { qaCsv } from '../fixtures/qa/documents.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const BOTS = '/api/v1/ai/qa/bots';
const PUBLIC = '/api/v1/ai/qa/public';
const PAIRS = EN_PAIRS.slice(0, 30).map(({ id: _id, ...p }) => p);
const DAY_MS = 86_400_000;

/** What a stranger can spend of a bot owner's quota (issue 27, deliver 1). */
describe.each(testDialects())('QA bot public spend on %s', (dialect) => {
  let t: TestApp;
  let net = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, qaAskPerAddress: { points: 5, durationS: 60 }, qaAskPerNetwork: { points: 3, durationS: 60 } } });
  });
  afterAll(() => t.close());

  async function owner(quota = 20): Promise<{ c: TestClient; id: string }> {
    const { c, userId } = await userClient(t, 'qs');
    const row = await t.handle.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    await t.handle.db.updateTable('user_quotas').set({ avail_quota: quota }).where('user_id', '=', row.id).where('quota_type', '=', 'TYPE_API').execute();
    return { c, id: row.id };
  }
  const left = async (userId: string) => {
    const rows = await t.handle.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', userId).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((sum, r) => sum + r.avail_quota, 0);
  };
  const uses = async (userId: string) => (await t.handle.db.selectFrom('tool_uses').select('id').where('user_id', '=', userId).execute()).length;
  async function botWithPairs(c: TestClient): Promise<QaBot> {
    const bot = (await c.post<QaBot>(BOTS, { name: 'Help desk' })).data;
    const form = new FormData();
    form.append('file', new File([new Uint8Array(qaCsv(PAIRS))], 'faq.csv'));
    expect((await c.upload<QaImportResultBody>(`${BOTS}/${bot.botId}/documents`, form)).data.imported).toBe(PAIRS.length);
    return bot;
  }
  /** Each call from its own /24 unless `from` says otherwise, so the network limit stays out of the way. */
  async function ask(bot: QaBot, question: string, from = `192.0.${++net % 250}.7`) {
    const res = await t.app.request(`${PUBLIC}/${bot.publicKey}/ask`, {
      method: 'POST',
      body: JSON.stringify({ question }),
      headers: { 'content-type': 'application/json', origin: 'https://shop.example', 'x-forwarded-for': from },
    });
    return (await res.json()) as { code: number; data: QaAnswer };
  }
  const spend = async (c: TestClient, bot: QaBot) => (await c.get<QaAnalytics>(`${BOTS}/${bot.botId}/analytics?days=7`)).data.spend;

  it('charges stop exactly at the owner\'s daily cap: past it visitors are handed off, nothing is spent, the owner is told', async () => {
    const { c, id } = await owner();
    const bot = await botWithPairs(c);
    expect(bot.publicDailyCap).toBe(100);
    expect((await c.send('PATCH', `${BOTS}/${bot.botId}`, { publicDailyCap: -1 })).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await c.send('PATCH', `${BOTS}/${bot.botId}`, { publicDailyCap: 2.5 })).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await c.send<QaBot>('PATCH', `${BOTS}/${bot.botId}`, { publicDailyCap: 3 })).data.publicDailyCap).toBe(3);

    const answers = [];
    for (const pair of PAIRS.slice(0, 5)) answers.push((await ask(bot, pair.question)).data);
    expect(answers.slice(0, 3).map((a) => a.decision)).toEqual(['answer', 'answer', 'answer']);
    for (const past of answers.slice(3)) {
      expect(past).toMatchObject({ answered: false, decision: 'handoff' });
      expect(past.handoff?.token).toBeTruthy();
    }
    expect(await left(id)).toBe(17);
    expect(await uses(id)).toBe(3);

    expect(await spend(c, bot)).toMatchObject({ cap: 3, charged: 3, capped: 2, capReached: true });
    expect((await c.get<QaHandoff[]>(`${BOTS}/${bot.botId}/handoffs`)).data).toHaveLength(2);
    // The capped questions had answers: they are not queued as questions the bot cannot answer.
    expect((await c.get<QaSuggestion[]>(`${BOTS}/${bot.botId}/suggestions`)).data).toEqual([]);

    // 0: no public answer is charged at all; null: no cap (the quota alone limits).
    expect((await c.send<QaBot>('PATCH', `${BOTS}/${bot.botId}`, { publicDailyCap: 0 })).data.publicDailyCap).toBe(0);
    expect((await ask(bot, PAIRS[5]!.question)).data.decision).toBe('handoff');
    expect((await c.send<QaBot>('PATCH', `${BOTS}/${bot.botId}`, { publicDailyCap: null })).data.publicDailyCap).toBeNull();
    expect((await ask(bot, PAIRS[6]!.question)).data.decision).toBe('answer');
    expect(await left(id)).toBe(16);
    expect(await spend(c, bot)).toMatchObject({ cap: null, charged: 4, capped: 3, capReached: false });
  });

  it('asks arriving together never take more than the cap', async () => {
    const { c, id } = await owner();
    const bot = await botWithPairs(c);
    await c.send('PATCH', `${BOTS}/${bot.botId}`, { publicDailyCap: 3 });
    const answers = await Promise.all(PAIRS.slice(0, 8).map((p) => ask(bot, p.question)));
    expect(answers.filter((a) => a.data.decision === 'answer')).toHaveLength(3);
    expect(await left(id)).toBe(17);
    expect(await spend(c, bot)).toMatchObject({ charged: 3, capped: 5 });
  });

  it('the same question from the same visitor within ten minutes is answered from cache without charge', async () => {
    const { c, id } = await owner();
    const bot = await botWithPairs(c);
    const first = await ask(bot, 'Is there a free trial?', '198.51.77.10');
    expect(first.data.decision).toBe('answer');
    // Another address of the same /24, the text written differently: the same visitor, the same question.
    const again = await ask(bot, '  is there a FREE trial', '198.51.77.11');
    expect(again.data).toMatchObject({ answered: true, answer: first.data.answer, citations: first.data.citations });
    expect(await left(id)).toBe(19);
    expect(await uses(id)).toBe(1);
    expect(await spend(c, bot)).toMatchObject({ charged: 1, cached: 1 });

    expect((await ask(bot, 'Is there a free trial?', '198.51.78.10')).data.decision).toBe('answer');
    expect(await left(id)).toBe(18);

    // An edited answer is never served stale from the cache.
    const pairId = first.data.citations[0]!.pairId;
    const trial = PAIRS.find((p) => p.question === 'Is there a free trial?')!;
    expect((await c.send('PUT', `${BOTS}/${bot.botId}/pairs/${pairId}`, { ...trial, answer: 'Yes: seven days.' })).code).toBe(200);
    expect((await ask(bot, 'Is there a free trial?', '198.51.78.11')).data.answer).toBe('Yes: seven days.');
    expect(await left(id)).toBe(17);

    // Past the window the first network's answer is charged again (its third ask: within the /24 limit).
    t.advance(10 * 60_000 + 1_000);
    expect((await ask(bot, 'Is there a free trial?', '198.51.77.13')).data.decision).toBe('answer');
    expect(await left(id)).toBe(16);
  });

  it('addresses in one IPv6 /64 (or one IPv4 /24) share one limit', async () => {
    const { c } = await owner();
    const bot = (await c.post<QaBot>(BOTS, { name: 'Limits' })).data;
    const codes: number[] = [];
    for (const from of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:0:0:0:3', '2001:db8:5:6:ffff:1:2:9']) codes.push((await ask(bot, 'hello', from)).code);
    expect(codes).toEqual([200, 200, 200, ErrorCode.TOO_MANY_ATTEMPTS]);
    expect((await ask(bot, 'hello', '2001:db8:5:7::1')).code).toBe(200);

    const v4: number[] = [];
    for (const from of ['203.0.120.1', '203.0.120.2', '203.0.120.3', '203.0.120.200']) v4.push((await ask(bot, 'hello', from)).code);
    expect(v4).toEqual([200, 200, 200, ErrorCode.TOO_MANY_ATTEMPTS]);
  });

  it('flags a spike: today\'s charged answers above three times the average of the previous seven days, and at least 30', async () => {
    const { c } = await owner();
    const bot = await botWithPairs(c);
    expect((await ask(bot, PAIRS[0]!.question)).data.decision).toBe('answer');
    // One answer and no history: above three times nothing, but under the floor.
    const quiet = await spend(c, bot);
    expect(quiet).toMatchObject({ charged: 1, spike: false, previousAverage: 0 });

    const today = Math.floor(Date.parse(`${quiet.day}T00:00:00Z`) / DAY_MS);
    const day = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
    for (let i = 1; i <= 7; i++) await t.handle.db.insertInto('qa_spend_days').values({ bot_id: bot.botId, day: day(today - i), charged: 10, capped: 0, cached: 0 }).execute();
    await t.handle.db.updateTable('qa_spend_days').set({ charged: 30 }).where('bot_id', '=', bot.botId).where('day', '=', quiet.day).execute();
    expect(await spend(c, bot)).toMatchObject({ charged: 30, previousAverage: 10, spike: false });

    expect((await ask(bot, PAIRS[1]!.question)).data.decision).toBe('answer');
    expect(await spend(c, bot)).toMatchObject({ charged: 31, previousAverage: 10, spike: true });
  });
});
