import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QaBot, QaImportResultBody, QaPairBody } from '@contracts/ai-qa.js';
import { createEmbedder, EMBEDDING_DIMENSIONS, EMBEDDING_MODEL } from '../../api/ai/embeddings/embedder.js';
import { createLogger } from '../../api/logger.js';
import { countVectors } from '../../api/repositories/qa-vectors.repository.js';
import { createQaEmbedService } from '../../api/services/qa-embed.service.js';
import { semanticTextsOf } from '../../engines/qa/semantic.js';
import { qaCsv } from '../fixtures/qa/documents.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';

const BOTS = '/api/v1/ai/qa/bots';
const PAIRS = [
  { question: 'How do I reset my password?', alternatives: ['I forgot my password'], answer: 'Choose "Forgot password" on the sign-in page and follow the mailed link.' },
  { question: 'Can I get a refund?', alternatives: [], answer: 'Unused packages are refunded within 14 days of purchase.' },
  { question: 'Which file formats can I convert?', alternatives: ['Supported formats'], answer: 'Word, Excel, PowerPoint, PDF, images and Markdown.' },
  { question: 'Is my document kept on your server?', alternatives: [], answer: 'Uploaded files are deleted three hours after upload.' },
  { question: 'How do I contact support?', alternatives: ['Talk to a person'], answer: 'Use the feedback page; we answer within one working day.' },
];

describe.each(testDialects())('QA embedding on %s', (dialect) => {
  let t: TestApp;
  const logger = createLogger('silent');
  const errors = vi.spyOn(logger, 'error');

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, null, undefined, { logger });
  });
  afterAll(() => t.close());

  const vectorRows = () => countVectors(t.handle.db, EMBEDDING_MODEL);

  it('embeds an imported document in the background, then embeds only what an edit changed', async () => {
    const done: string[] = [];
    t.services.qaEmbed.afterEmbedded((botId) => {
      done.push(botId);
      return Promise.reject(new Error('a failing hook is logged, not thrown'));
    });
    const { c } = await userClient(t, 'emb');
    const bot = (await c.post<QaBot>(BOTS, { name: 'Help desk' })).data;
    const form = new FormData();
    form.append('file', new File([new Uint8Array(qaCsv(PAIRS))], 'faq.csv'));
    expect((await c.upload<QaImportResultBody>(`${BOTS}/${bot.botId}/documents`, form)).data).toEqual({ imported: 5, errors: [] });
    const total = semanticTextsOf(PAIRS).length;

    // The model's thread takes a second to start: the bot is not ready yet.
    const early = (await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data.semantic!;
    expect(early.total).toBe(total);
    expect(early.ready).toBeLessThan(total);

    await t.services.qaEmbed.idle();
    expect(await t.services.qaEmbed.progress(bot.botId)).toEqual({ ready: total, total, running: false });
    expect((await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data.semantic).toEqual({ ready: total, total });
    expect((await c.get<QaBot[]>(BOTS)).data[0]!.semantic).toEqual({ ready: total, total });
    expect(await vectorRows()).toBe(total);
    expect(done).toEqual([bot.botId]);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ botId: bot.botId }), 'QA after-embedding hook failed');

    // Stored vectors read back as the model made them.
    const texts = semanticTextsOf(PAIRS);
    const stored = await t.services.qaEmbed.vectors([...texts, 'never embedded']);
    expect(stored.size).toBe(total);
    const [fresh] = await t.services.qaEmbed.embedQuery([texts[0]!]);
    expect(stored.get(texts[0]!)).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(Math.max(...stored.get(texts[0]!)!.map((v, i) => Math.abs(v - fresh![i]!)))).toBeLessThan(1e-4);

    const pairs = (await c.get<QaPairBody[]>(`${BOTS}/${bot.botId}/pairs`)).data;
    const edited = pairs.find((p) => p.question === 'Can I get a refund?')!;
    const before = await vectorRows();
    const put = await c.send('PUT', `${BOTS}/${bot.botId}/pairs/${edited.pairId}`, { question: 'How do refunds work?', alternatives: edited.alternatives, answer: edited.answer });
    expect(put.code).toBe(200);
    await t.services.qaEmbed.idle();
    expect((await vectorRows()) - before).toBe(1);
    expect((await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data.semantic).toEqual({ ready: total, total });
    expect(done).toEqual([bot.botId, bot.botId]);
  });

  it('logs a failed job and leaves the progress where it was', async () => {
    const failing = createEmbedder();
    await failing.close();
    const jobLogger = createLogger('silent');
    const logged = vi.spyOn(jobLogger, 'error');
    const service = createQaEmbedService({ db: t.handle.db, embedder: failing, logger: jobLogger });
    const { c } = await userClient(t, 'emf');
    const bot = (await c.post<QaBot>(BOTS, { name: 'Unlucky' })).data;
    await c.post(`${BOTS}/${bot.botId}/pairs`, { question: 'A question nobody embedded yet?', alternatives: [], answer: 'An answer nobody embedded yet.' });
    // The app's own service embeds the first pair, then stops, so the second stays unembedded.
    await t.services.qaEmbed.idle();
    await t.services.qaEmbed.stop();
    await c.post(`${BOTS}/${bot.botId}/pairs`, { question: 'Only this service sees this one?', alternatives: [], answer: 'Its answer.' });
    service.schedule(bot.botId);
    await service.idle();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ botId: bot.botId }), expect.stringContaining('QA embedding failed'));
    expect(await service.progress(bot.botId)).toEqual({ ready: 2, total: 4, running: false });
  });
});
