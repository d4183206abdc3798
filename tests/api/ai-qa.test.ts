import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QaAnalytics, QaAnswer, QaBot, QaHandoff, QaImportResultBody, QaPairBody, QaPublicHandoff, QaSuggestion } from '@contracts/ai-qa.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { DEFAULT_RATE_LIMITS } from '../../api/http/rate-limit-rules.js';
import { EN_PAIRS } from '../fixtures/qa/docuflow-en.js';
import { CHINESE_HEADERS, qaCsv, qaXlsx } from '../fixtures/qa/documents.js';
import { ZH_PAIRS } from '../fixtures/qa/docuflow-zh.js';
import { managerClient, userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const BOTS = '/api/v1/ai/qa/bots';
const PUBLIC = '/api/v1/ai/qa/public';
const PAIRS = EN_PAIRS.slice(0, 30).map(({ id: _id, ...p }) => p);

describe.each(testDialects())('QA bot API on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, qaAskPerAddress: { points: 5, durationS: 60 }, qaAskPerBot: { points: 12, durationS: 60 } } });
  });
  afterAll(() => t.close());

  async function owner(): Promise<{ c: TestClient; id: string }> {
    const { c, userId } = await userClient(t, 'qa');
    const row = await t.handle.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { c, id: row.id };
  }
  const left = async (userId: string) => {
    const rows = await t.handle.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', userId).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((sum, r) => sum + r.avail_quota, 0);
  };
  const upload = (c: TestClient, botId: string, name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name));
    return c.upload<QaImportResultBody>(`${BOTS}/${botId}/documents`, form);
  };
  async function botWithPairs(c: TestClient): Promise<QaBot> {
    const bot = (await c.post<QaBot>(BOTS, { name: 'Help desk' })).data;
    expect((await upload(c, bot.botId, 'faq.csv', qaCsv(PAIRS))).data).toEqual({ imported: PAIRS.length, errors: [] });
    return bot;
  }
  /** A visitor's browser on another site: no cookie, an Origin, its own address. */
  async function visitor<T>(path: string, body: unknown, from = `198.51.100.${++ip % 250}`) {
    const res = await t.app.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: 'https://shop.example', 'x-forwarded-for': from } });
    const json = (await res.json()) as { code: number; data: T };
    return { res, code: json.code, data: json.data };
  }

  it('creates and lists bots; other users get 40404, signed-out callers 40202, managers see any bot', async () => {
    const a = await owner();
    const created = await a.c.post<QaBot>(BOTS, { name: 'Shop bot', threshold: 0.6 });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ name: 'Shop bot', threshold: 0.6, pairs: 0 });
    expect(created.data.publicKey).toMatch(/^qb_/);
    expect((await a.c.get<QaBot[]>(BOTS)).data.map((b) => b.botId)).toEqual([created.data.botId]);
    expect((await a.c.post(BOTS, { name: ' ' })).code).toBe(ErrorCode.VALIDATION_FAILED);

    const b = await owner();
    expect((await b.c.get<QaBot[]>(BOTS)).data).toEqual([]);
    const id = created.data.botId;
    expect((await b.c.get(`${BOTS}/${id}/pairs`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await b.c.post(`${BOTS}/${id}/ask`, { question: 'hi' })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await b.c.send('DELETE', `${BOTS}/${id}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await upload(b.c, id, 'faq.csv', qaCsv(PAIRS))).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.client().get(BOTS)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await t.client().get(`${BOTS}/${id}/pairs`)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const mgr = await managerClient(t);
    expect((await mgr.get<QaBot>(`${BOTS}/${id}`)).data.name).toBe('Shop bot');
  });

  it('imports all or nothing: a bad document reports its lines and keeps the old pairs', async () => {
    const { c } = await owner();
    const bot = await botWithPairs(c);
    const before = (await c.get<QaPairBody[]>(`${BOTS}/${bot.botId}/pairs`)).data;
    expect(before).toHaveLength(PAIRS.length);
    expect(before[0]).toMatchObject({ question: PAIRS[0]!.question, answer: PAIRS[0]!.answer, alternatives: PAIRS[0]!.alternatives });

    const bad = [...PAIRS.slice(0, 3), { question: 'No answer here?', answer: '', alternatives: [] }, PAIRS[4]!, { question: PAIRS[0]!.question, answer: 'dup', alternatives: [] }];
    const res = await upload(c, bot.botId, 'bad.csv', qaCsv(bad));
    expect(res.code).toBe(200);
    expect(res.data.imported).toBe(0);
    expect(res.data.errors).toEqual([
      { line: 5, reason: 'missingAnswer' },
      { line: 7, reason: 'duplicateQuestion' },
    ]);
    expect((await c.get<QaPairBody[]>(`${BOTS}/${bot.botId}/pairs`)).data).toEqual(before);
    expect((await upload(c, bot.botId, 'notes.pdf', new TextEncoder().encode('%PDF-1.4'))).code).toBe(ErrorCode.UNSUPPORTED_CONTENT);

    // A good document replaces every pair.
    expect((await upload(c, bot.botId, 'faq.csv', qaCsv(PAIRS.slice(0, 5)))).data.imported).toBe(5);
    expect((await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data.pairs).toBe(5);
  });

  it('the owner\'s test ask answers with a citation and spends nothing; edits reach the cached index', async () => {
    const { c, id } = await owner();
    const bot = await botWithPairs(c);
    const before = await left(id);
    const res = await c.post<QaAnswer>(`${BOTS}/${bot.botId}/ask`, { question: 'How do I sign up?' });
    expect(res.data.answered).toBe(true);
    expect(res.data.answer).toBe(PAIRS[0]!.answer);
    expect(res.data.citations[0]!.question).toBe(PAIRS[0]!.question);
    expect(res.data.confidence).toBeGreaterThanOrEqual(bot.threshold);
    expect(await left(id)).toBe(before);

    const pairId = res.data.citations[0]!.pairId;
    expect((await c.send('PUT', `${BOTS}/${bot.botId}/pairs/${pairId}`, { ...PAIRS[0]!, answer: `${PAIRS[0]!.answer} Edited.` })).code).toBe(200);
    expect((await c.post<QaAnswer>(`${BOTS}/${bot.botId}/ask`, { question: 'How do I sign up?' })).data.answer).toBe(`${PAIRS[0]!.answer} Edited.`);
  });

  it('public ask: CORS without credentials, no cookie, one TYPE_API use per answer and none otherwise', async () => {
    const { c, id } = await owner();
    const bot = await botWithPairs(c);
    const before = await left(id);
    const path = `${PUBLIC}/${bot.publicKey}/ask`;

    const pre = await t.app.request(path, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    expect(pre.headers.get('set-cookie')).toBeNull();

    const answered = await visitor<QaAnswer>(path, { question: 'Is there a free trial?' });
    expect(answered.code).toBe(200);
    expect(answered.data).toMatchObject({ answered: true, decision: 'answer', citations: [{ question: 'Is there a free trial?' }] });
    expect(answered.res.headers.get('access-control-allow-origin')).toBe('*');
    expect(answered.res.headers.get('set-cookie')).toBeNull();
    expect(await left(id)).toBe(before - 1);

    const out = await visitor<QaAnswer>(path, { question: 'Who is the CEO of your company?', email: 'v@example.com' });
    expect(out.data.answered).toBe(false);
    expect(out.data.decision).toBe('handoff');
    expect(out.data.handoff?.conversationId).toBeTruthy();
    expect(out.res.headers.get('set-cookie')).toBeNull();
    expect(await left(id)).toBe(before - 1);

    // Owner paths are not CORS-open.
    const own = await c.get(`${BOTS}/${bot.botId}`, { origin: 'https://shop.example' });
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    // An unknown key: 40404, still readable cross-origin.
    const unknown = await visitor(`${PUBLIC}/qb_nothing/ask`, { question: 'hi' });
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
    expect(unknown.res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('without quota or with the tool switched off the visitor is handed off and nothing is spent', async () => {
    const { c, id } = await owner();
    const bot = await botWithPairs(c);
    const path = `${PUBLIC}/${bot.publicKey}/ask`;
    await t.handle.db.updateTable('user_quotas').set({ avail_quota: 0 }).where('user_id', '=', id).where('quota_type', '=', 'TYPE_API').execute();
    const res = await visitor<QaAnswer>(path, { question: 'Is there a free trial?' });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ answered: false, decision: 'handoff' });
    expect(res.data.handoff?.token).toBeTruthy();
    expect(await left(id)).toBe(0);
    const uses = await t.handle.db.selectFrom('tool_uses').select('id').where('user_id', '=', id).execute();
    expect(uses).toHaveLength(0);

    await t.handle.db.updateTable('user_quotas').set({ avail_quota: 5 }).where('user_id', '=', id).where('quota_type', '=', 'TYPE_API').execute();
    await t.handle.db.updateTable('writing_tools').set({ enabled: 0 }).where('id', '=', 'qa-bot').execute();
    t.services.writingTools.invalidate();
    try {
      expect((await visitor<QaAnswer>(path, { question: 'Is there a free trial?' })).data.decision).toBe('handoff');
      expect(await left(id)).toBe(5);
    } finally {
      await t.handle.db.updateTable('writing_tools').set({ enabled: 1 }).where('id', '=', 'qa-bot').execute();
      t.services.writingTools.invalidate();
    }
    expect((await visitor<QaAnswer>(path, { question: 'Is there a free trial?' })).data.decision).toBe('answer');
    expect(await left(id)).toBe(4);
  });

  it('a hand-off reaches the owner, the reply reaches the visitor with the token only; unanswered questions queue once with counts', async () => {
    const { c } = await owner();
    const bot = await botWithPairs(c);
    const ask = (q: string) => visitor<QaAnswer>(`${PUBLIC}/${bot.publicKey}/ask`, { question: q, email: 'visitor@example.com' });
    const first = await ask('Do you have a student discount?');
    await ask('do you have a STUDENT discount');
    const { conversationId, token } = first.data.handoff!;

    const list = (await c.get<QaHandoff[]>(`${BOTS}/${bot.botId}/handoffs`)).data;
    expect(list).toHaveLength(2);
    const mine = list.find((h) => h.conversationId === conversationId)!;
    expect(mine).toMatchObject({ question: 'Do you have a student discount?', email: 'visitor@example.com', status: 'open' });

    const read = (tok: string) => visitor<QaPublicHandoff>(`${PUBLIC}/${bot.publicKey}/handoff`, { conversationId, token: tok });
    expect((await read(token!)).data.messages).toHaveLength(1);
    expect((await read('wrong-token')).code).toBe(ErrorCode.NOT_FOUND);

    const other = await owner();
    expect((await other.c.post(`${BOTS}/${bot.botId}/handoffs/${conversationId}/reply`, { body: 'x' })).code).toBe(ErrorCode.NOT_FOUND);
    const replied = await c.post<QaHandoff>(`${BOTS}/${bot.botId}/handoffs/${conversationId}/reply`, { body: 'Yes: 20% off with a school email.' });
    expect(replied.data.status).toBe('replied');
    const seen = await read(token!);
    expect(seen.data.status).toBe('replied');
    expect(seen.data.messages.map((m) => m.author)).toEqual(['visitor', 'owner']);
    expect(seen.data.messages[1]!.body).toBe('Yes: 20% off with a school email.');

    const suggestions = (await c.get<QaSuggestion[]>(`${BOTS}/${bot.botId}/suggestions`)).data;
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]).toMatchObject({ question: 'Do you have a student discount?', count: 2 });
    expect((await c.post(`${BOTS}/${bot.botId}/suggestions/${suggestions[0]!.id}/accept`, { answer: 'Students get 20% off.' })).code).toBe(200);
    expect((await c.get<QaSuggestion[]>(`${BOTS}/${bot.botId}/suggestions`)).data).toEqual([]);
    expect((await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data.pairs).toBe(PAIRS.length + 1);
    const now = await ask('Do you have a student discount?');
    expect(now.data).toMatchObject({ answered: true, answer: 'Students get 20% off.' });

    const stats = (await c.get<QaAnalytics>(`${BOTS}/${bot.botId}/analytics?days=7`)).data;
    expect(stats).toMatchObject({ days: 7, questions: 3, answered: 1, handedOff: 2 });
    expect(stats.deflectionRate).toBeCloseTo(1 / 3, 3);
    expect(stats.perDay).toHaveLength(7);
    expect(stats.perDay.at(-1)!.questions).toBe(3);
  });

  it('public ask is rate-limited per address and per bot (42901), with CORS on the refusal', async () => {
    const { c } = await owner();
    const bot = (await c.post<QaBot>(BOTS, { name: 'Limits' })).data;
    const path = `${PUBLIC}/${bot.publicKey}/ask`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await visitor(path, { question: `q${i}` }, '203.0.113.9')).code);
    expect(codes.slice(0, 5).every((code) => code === 200)).toBe(true);
    const refused = await visitor(path, { question: 'again' }, '203.0.113.9');
    expect(refused.code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
    expect(refused.res.headers.get('access-control-allow-origin')).toBe('*');
    // Many addresses: the bot's own limit (12 a minute in this test) holds.
    const many: number[] = [];
    for (let i = 0; i < 8; i++) many.push((await visitor(path, { question: `m${i}` }, `203.0.114.${i + 1}`)).code);
    expect(many.filter((code) => code === ErrorCode.TOO_MANY_ATTEMPTS).length).toBeGreaterThan(0);
  });

  it('answers Chinese questions from a Chinese XLSX document (jieba on the server)', async () => {
    const { c } = await owner();
    const bot = (await c.post<QaBot>(BOTS, { name: '客服' })).data;
    const zh = ZH_PAIRS.slice(0, 30).map(({ id: _id, ...p }) => p);
    expect((await upload(c, bot.botId, '问答.xlsx', await qaXlsx(zh, CHINESE_HEADERS))).data).toEqual({ imported: 30, errors: [] });
    const res = await visitor<QaAnswer>(`${PUBLIC}/${bot.publicKey}/ask`, { question: '我忘记密码了，怎么办' });
    expect(res.data).toMatchObject({ answered: true, answer: zh[1]!.answer, citations: [{ question: zh[1]!.question }] });
  });

  it('publishes every QA route in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const path of ['/ai/qa/bots', '/ai/qa/bots/{botId}/documents', '/ai/qa/bots/{botId}/handoffs/{id}/reply', '/ai/qa/public/{publicKey}/ask', '/ai/qa/public/{publicKey}/handoff']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('synonyms, renaming, threshold and deletion', async () => {
    const { c } = await owner();
    const bot = await botWithPairs(c);
    expect((await c.send('PUT', `${BOTS}/${bot.botId}/synonyms`, { groups: [['refund', 'money back']] })).code).toBe(200);
    expect((await c.get<{ groups: string[][] }>(`${BOTS}/${bot.botId}/synonyms`)).data.groups).toEqual([['refund', 'money back']]);
    expect((await c.send('PUT', `${BOTS}/${bot.botId}/synonyms`, { groups: [['alone']] })).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await c.send<QaBot>('PATCH', `${BOTS}/${bot.botId}`, { name: 'Renamed', threshold: 0.7 })).data).toMatchObject({ name: 'Renamed', threshold: 0.7 });
    expect((await c.send('DELETE', `${BOTS}/${bot.botId}`)).code).toBe(200);
    expect((await c.get(`${BOTS}/${bot.botId}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await visitor(`${PUBLIC}/${bot.publicKey}/ask`, { question: 'Is there a free trial?' })).code).toBe(ErrorCode.NOT_FOUND);
  });
});
