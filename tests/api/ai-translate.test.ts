import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TranslateResult } from '@contracts/ai-read.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { userClient } from '../helpers/admin-clients.js';
import { LlmStandIn } from '../helpers/llm-stand-in.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { answer, faithful, fakeTranslation, segmentsOf } from '../helpers/translate-stand-in.js';

const TRANSLATE = '/api/v1/ai/translate';
let unique = 0;
/** Paragraphs no other test sent, so the shared cache does not answer them. */
const fresh = (n: number, words = 'The reader translates this paragraph') => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, text: `${words} (${++unique}-${Date.now()}).` }));

describe.each(testDialects())('POST /ai/translate on %s', (dialect) => {
  let t: TestApp;
  let offline: TestApp;
  const llm = new LlmStandIn();

  beforeAll(async () => {
    const baseUrl = await llm.start();
    t = await createTestApp(dialect, { llm: { baseUrl, apiKey: 'test-key', model: 'stand-in', timeoutMs: 1500 } });
    offline = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await offline.close();
    await llm.stop();
  });
  afterEach(() => {
    llm.reply = faithful;
    llm.calls.length = 0;
  });

  async function user(app: TestApp): Promise<{ c: TestClient; id: string }> {
    const { c, userId } = await userClient(app, 'tr');
    const row = await app.handle.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { c, id: row.id };
  }
  const left = async (app: TestApp, userId: string) => {
    const rows = await app.handle.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', userId).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((sum, r) => sum + r.avail_quota, 0);
  };
  const translate = (c: TestClient, body: unknown) => c.post<TranslateResult & { reason?: string }>(TRANSLATE, body);

  it('answers 50302 without LLM_BASE_URL and charges nothing', async () => {
    const { c, id } = await user(offline);
    const before = await left(offline, id);
    const res = await translate(c, { from: 'en', to: 'zh', segments: fresh(2) });
    expect(res.code).toBe(ErrorCode.AI_UNAVAILABLE);
    expect(res.data).toEqual({ reason: 'not-configured' });
    expect(await left(offline, id)).toBe(before);
  });

  it('refuses signed-out callers and bad requests', async () => {
    expect((await translate(t.client(), { from: 'en', to: 'zh', segments: fresh(1) })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const { c } = await user(t);
    expect((await translate(c, { from: 'en', to: 'en', segments: fresh(1) })).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await translate(c, { from: 'en', to: 'zh', segments: [] })).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await translate(c, { from: 'en', to: 'zh', segments: [{ id: 'a', text: 'x' }, { id: 'a', text: 'y' }] })).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await translate(c, { from: 'en', to: 'zh', segments: [{ id: 'a', text: 'x'.repeat(20_001) }] })).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(llm.calls).toHaveLength(0);
  });

  it('translates through the model, keyed by id, and charges one use per page; the rest of the page and the cache are free', async () => {
    const { c, id } = await user(t);
    const before = await left(t, id);
    const segments = fresh(3);
    const page = { documentKey: `doc-${unique}`, number: 1 };
    const res = await translate(c, { from: 'en', to: 'zh', segments, page });
    expect(res.code).toBe(200);
    expect(res.data.segments).toEqual(segments.map((s) => ({ id: s.id, text: fakeTranslation(s.id, s.text) })));
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]!.headers.authorization).toBe('Bearer test-key');
    expect(llm.calls[0]!.system).toContain('Simplified Chinese');
    expect(await left(t, id)).toBe(before - 1);
    // More of the same page: free.
    const more = fresh(2);
    expect((await translate(c, { from: 'en', to: 'zh', segments: more, page })).code).toBe(200);
    expect(await left(t, id)).toBe(before - 1);
    // Another page: one more use.
    expect((await translate(c, { from: 'en', to: 'zh', segments: fresh(1), page: { ...page, number: 2 } })).code).toBe(200);
    expect(await left(t, id)).toBe(before - 2);
    // Another user asking for the same paragraphs gets them from the cache: no model call, no charge.
    const other = await user(t);
    const otherBefore = await left(t, other.id);
    llm.calls.length = 0;
    const cached = await translate(other.c, { from: 'en', to: 'zh', segments, page: { documentKey: 'elsewhere', number: 1 } });
    expect(cached.data.segments).toEqual(res.data.segments);
    expect(llm.calls).toHaveLength(0);
    expect(await left(t, other.id)).toBe(otherBefore);
  });

  it('charges a page once when two requests for it arrive together', async () => {
    const { c, id } = await user(t);
    const before = await left(t, id);
    const page = { documentKey: `race-${++unique}`, number: 0 };
    llm.reply = (call) => ({ ...(faithful(call) as { content: string }), delayMs: 50 });
    const answers = await Promise.all([translate(c, { from: 'en', to: 'zh', segments: fresh(2), page }), translate(c, { from: 'en', to: 'zh', segments: fresh(2), page })]);
    expect(answers.map((a) => a.code)).toEqual([200, 200]);
    expect(await left(t, id)).toBe(before - 1);
  });

  it('keeps formulas, code, URLs and numbers unchanged through translation', async () => {
    const { c } = await user(t);
    const text = `Energy is $E = mc^2$ and \\(a^2+b^2=c^2\\); run \`npm run build\` from https://example.com/docs?v=2 or write to help@example.com before 2026-12-01: 3.5 GB and 42% in v1.2.3 (${++unique}).`;
    // A model that really rewrites the words and moves the tokens around, but keeps them.
    llm.reply = (call) => {
      const [id, masked] = Object.entries(segmentsOf(call))[0]!;
      const tokens = masked.match(/⟦\d+⟧/g)!;
      return answer({ [id]: `能量是 ${tokens.reverse().join('，')}。` });
    };
    const res = await translate(c, { from: 'en', to: 'zh', segments: [{ id: 'f', text }] });
    expect(res.code).toBe(200);
    const out = res.data.segments[0]!;
    expect(out.failed).toBeUndefined();
    for (const part of ['$E = mc^2$', '\\(a^2+b^2=c^2\\)', '`npm run build`', 'https://example.com/docs?v=2', 'help@example.com', '2026-12-01', '3.5 GB', '42%', 'v1.2.3', String(unique)]) {
      expect(out.text, part).toContain(part);
    }
    expect(out.text.startsWith('能量是 ')).toBe(true);
    // The model never saw the protected text.
    expect(llm.calls[0]!.user).not.toContain('mc^2');
    expect(llm.calls[0]!.user).not.toContain('example.com');
  });

  it('retries a paragraph that lost a placeholder once, then marks it failed; the rest of the page is charged once', async () => {
    const { c, id } = await user(t);
    const before = await left(t, id);
    const segments = [
      { id: 'ok', text: `Plain words only ${++unique} here.`.replace(/\d+/, 'x') + ` ${'abc'}` },
      { id: 'lossy', text: `Visit https://example.org/${++unique} today.` },
    ];
    llm.reply = (call) => answer(Object.fromEntries(Object.entries(segmentsOf(call)).map(([k, v]) => [k, k === 'lossy' ? '今天访问。' : fakeTranslation(k, v)])));
    const res = await translate(c, { from: 'en', to: 'zh', segments, page: { documentKey: `lossy-${unique}`, number: 0 } });
    expect(res.code).toBe(200);
    expect(res.data.segments).toEqual([
      { id: 'ok', text: fakeTranslation('ok', segments[0]!.text) },
      { id: 'lossy', text: segments[1]!.text, failed: true },
    ]);
    expect(llm.calls.map((call) => Object.keys(segmentsOf(call)))).toEqual([['ok', 'lossy'], ['lossy']]);
    expect(await left(t, id)).toBe(before - 1);
    // Retrying the failed paragraph on the same page is free, and now it works.
    llm.reply = faithful;
    const retry = await translate(c, { from: 'en', to: 'zh', segments: [segments[1]!], page: { documentKey: `lossy-${unique}`, number: 0 } });
    expect(retry.data.segments).toEqual([{ id: 'lossy', text: fakeTranslation('lossy', segments[1]!.text.replace(/https:\S+/, '⟦0⟧')).replace('⟦0⟧', `https://example.org/${unique}`) }]);
    expect(await left(t, id)).toBe(before - 1);
  });

  it.each([
    ['malformed JSON', () => ({ content: 'Sure! Here is the translation: 你好' }), 'malformed', 2],
    ['a JSON answer of the wrong shape', () => ({ content: JSON.stringify({ result: ['你好'] }) }), 'malformed', 2],
    ['HTTP 429', () => ({ status: 429 }), 'rate-limited', 1],
    ['HTTP 500', () => ({ status: 500 }), 'http', 1],
    ['a timeout', () => ({ hang: true as const }), 'timeout', 1],
  ])('answers 50302 on %s and charges nothing', async (_name, reply, reason, calls) => {
    const { c, id } = await user(t);
    const before = await left(t, id);
    llm.reply = reply;
    const page = { documentKey: `fail-${++unique}`, number: 3 };
    const res = await translate(c, { from: 'zh', to: 'en', segments: fresh(2, '阅读助手翻译这个段落'), page });
    expect(res.code).toBe(ErrorCode.AI_UNAVAILABLE);
    expect(res.data).toMatchObject({ reason });
    expect(llm.calls).toHaveLength(calls);
    expect(await left(t, id)).toBe(before);
    // The page was forgotten with its refund: once the model is back, it is charged normally.
    llm.reply = faithful;
    expect((await translate(c, { from: 'zh', to: 'en', segments: fresh(1, '阅读助手'), page })).code).toBe(200);
    expect(await left(t, id)).toBe(before - 1);
  });

  it('marks the paragraphs of a batch the model failed on as failed and keeps the rest', async () => {
    const { c, id } = await user(t);
    const before = await left(t, id);
    const segments = fresh(25);
    let n = 0;
    llm.reply = (call) => (++n === 2 ? { status: 500 } : faithful(call));
    const res = await translate(c, { from: 'en', to: 'zh', segments });
    expect(res.code).toBe(200);
    // Batches of 20: the first translated, the second (5 paragraphs) failed.
    expect(res.data.segments.filter((s) => s.failed).map((s) => s.id)).toEqual(segments.slice(20).map((s) => s.id));
    expect(res.data.segments.slice(0, 20).every((s, i) => s.text === fakeTranslation(s.id, segments[i]!.text))).toBe(true);
    expect(await left(t, id)).toBe(before - 1);
  });

  it('answers 1001 when staff switched the reading assistant off, without calling the model', async () => {
    const { c } = await user(t);
    await t.handle.db.updateTable('writing_tools').set({ enabled: 0 }).where('id', '=', 'reading-assistant').execute();
    t.services.writingTools.invalidate();
    try {
      const res = await translate(c, { from: 'en', to: 'zh', segments: fresh(1) });
      expect(res.code).toBe(ErrorCode.FEATURE_MISSING);
      expect(llm.calls).toHaveLength(0);
    } finally {
      await t.handle.db.updateTable('writing_tools').set({ enabled: 1 }).where('id', '=', 'reading-assistant').execute();
      t.services.writingTools.invalidate();
    }
  });
});
