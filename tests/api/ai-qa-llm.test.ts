import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QaAnswer, QaBot, QaPairBody } from '@contracts/ai-qa.js';
import { EN_PAIRS } from '../fixtures/qa/docuflow-en.js';
import { qaCsv } from '../fixtures/qa/documents.js';
import { userClient } from '../helpers/admin-clients.js';
import { LlmStandIn } from '../helpers/llm-stand-in.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const BOTS = '/api/v1/ai/qa/bots';
const PAIRS = EN_PAIRS.slice(0, 30).map(({ id: _id, ...p }) => p);
const json = (v: unknown) => ({ content: JSON.stringify(v) });

describe.each(testDialects())('QA bot with an LLM endpoint on %s', (dialect) => {
  let t: TestApp;
  const llm = new LlmStandIn();
  let c: TestClient;
  let bot: QaBot;
  let pairs: QaPairBody[];

  beforeAll(async () => {
    const baseUrl = await llm.start();
    t = await createTestApp(dialect, { llm: { baseUrl, apiKey: 'k', model: 'stand-in', timeoutMs: 700 } });
    ({ c } = await userClient(t, 'qal'));
    bot = (await c.post<QaBot>(BOTS, { name: 'LLM bot' })).data;
    const form = new FormData();
    form.append('file', new File([new Uint8Array(qaCsv(PAIRS))], 'faq.csv'));
    expect((await c.upload(`${BOTS}/${bot.botId}/documents`, form)).code).toBe(200);
    pairs = (await c.get<QaPairBody[]>(`${BOTS}/${bot.botId}/pairs`)).data;
  });
  afterAll(async () => {
    await t.close();
    await llm.stop();
  });
  afterEach(async () => {
    llm.calls.length = 0;
    await t.handle.db.updateTable('writing_tools').set({ config_json: '{}' }).where('id', '=', 'qa-bot').execute();
    t.services.writingTools.invalidate();
  });

  let net = 0;
  // Each ask from its own /24: the same question from the same network within 10 minutes would be
  // answered from the cache without asking the model again (issue 27).
  const publicAsk = async (question: string) => {
    const res = await t.app.request(`/api/v1/ai/qa/public/${bot.publicKey}/ask`, { method: 'POST', body: JSON.stringify({ question }), headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.${++net}.77` } });
    return ((await res.json()) as { code: number; data: QaAnswer });
  };
  const byQuestion = (q: string) => pairs.find((p) => p.question === q)!;

  it('the model reranks among the offline candidates; the citation is the pair it picked', async () => {
    let picked = '';
    // The model disagrees with the offline ranking: it picks the runner-up it was given.
    llm.reply = (call) => {
      const sent = JSON.parse(call.user) as { question: string; pairs: { id: string }[] };
      expect(sent.question).toBe('Is there a free trial?');
      picked = sent.pairs[1]!.id;
      return json({ pairId: picked });
    };
    const res = await publicAsk('Is there a free trial?');
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]!.headers.authorization).toBe('Bearer k');
    const pair = pairs.find((p) => p.pairId === picked)!;
    expect(res.data).toMatchObject({ answered: true, answer: pair.answer, citations: [{ pairId: picked, question: pair.question }], model: true });
  });

  it('rephrases only when staff allowed it, and keeps the citation', async () => {
    await t.handle.db.updateTable('writing_tools').set({ config_json: JSON.stringify({ rephrase: true }) }).where('id', '=', 'qa-bot').execute();
    t.services.writingTools.invalidate();
    const trial = byQuestion('Is there a free trial?');
    llm.reply = () => json({ pairId: trial.pairId, answer: 'Yes, one free trial per account.' });
    const res = await c.post<QaAnswer>(`${BOTS}/${bot.botId}/ask`, { question: 'Is there a free trial?' });
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]!.user).toContain(trial.answer);
    expect(res.data).toMatchObject({ answered: true, answer: 'Yes, one free trial per account.', citations: [{ pairId: trial.pairId, question: trial.question }] });
  });

  it('a pick of "none" turns an answer into suggestions; an id it was not given is ignored', async () => {
    llm.reply = () => json({ pairId: null });
    const none = await c.post<QaAnswer>(`${BOTS}/${bot.botId}/ask`, { question: 'Is there a free trial?' });
    expect(none.data.decision).toBe('suggest');
    expect(none.data.suggestions.length).toBeGreaterThan(0);
    llm.reply = () => json({ pairId: 'made-up' });
    const made = await c.post<QaAnswer>(`${BOTS}/${bot.botId}/ask`, { question: 'Is there a free trial?' });
    expect(made.data).toMatchObject({ answered: true, answer: byQuestion('Is there a free trial?').answer });
    expect(made.data.model).toBeUndefined();
  });

  it.each([
    ['malformed JSON', () => ({ content: 'Sure! The answer is pair 3.' })],
    ['a timeout', () => ({ hang: true as const })],
    ['HTTP 429', () => ({ status: 429 })],
    ['HTTP 500', () => ({ status: 500 })],
  ])('falls back to the offline answer on %s, never an error', async (_name, reply) => {
    llm.reply = reply;
    const trial = byQuestion('Is there a free trial?');
    const res = await publicAsk('Is there a free trial?');
    expect(llm.calls).toHaveLength(1);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ answered: true, answer: trial.answer, citations: [{ pairId: trial.pairId }] });
    expect(res.data.model).toBeUndefined();
  });

  it('never asks the model about out-of-scope questions', async () => {
    llm.reply = () => json({ pairId: pairs[0]!.pairId });
    const res = await publicAsk('Who is the CEO of your company?');
    expect(res.data.decision).toBe('handoff');
    expect(llm.calls).toHaveLength(0);
  });
});
