import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QaAnswer, QaBot, QaImportResultBody } from '@contracts/ai-qa.js';
import { qaCsv } from '../fixtures/qa/documents.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import { CALIBRATION_SCALE } from '../../engines/qa/calibrate.js';

const BOTS = '/api/v1/ai/qa/bots';
/** A dentist's FAQ: what a paraphrase with none of its words has to find by meaning. */
const PAIRS = [
  { question: 'How do I cancel my appointment?', alternatives: ['I need to call off my visit'], answer: 'Call us at least 24 hours before your visit; later cancellations cost 30 euros.' },
  { question: 'Do you accept health insurance?', alternatives: ['Which insurers do you work with?'], answer: 'We bill most public and private insurers directly.' },
  { question: 'What are your opening hours?', alternatives: ['When are you open?'], answer: 'Monday to Friday 8:00 to 18:00, Saturday 9:00 to 13:00.' },
  { question: 'Is there parking near the practice?', alternatives: ['Where can I leave my car?'], answer: 'Free parking behind the building, entrance from Mill Street.' },
  { question: 'How much does teeth whitening cost?', alternatives: ['Price of whitening'], answer: 'Whitening costs 250 euros for two sessions.' },
  { question: 'Do you treat children?', alternatives: ['Can I bring my kids?'], answer: 'Yes, from the age of three; the first check-up is free.' },
  { question: 'What should I do in a dental emergency?', alternatives: ['I have terrible tooth pain'], answer: 'Call our emergency line; we keep slots free every morning.' },
  { question: 'Can I pay in instalments?', alternatives: ['Do you offer payment plans?'], answer: 'Treatments over 500 euros can be paid in up to six monthly instalments.' },
];

describe.each(testDialects())('QA semantic matching on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function importedBot() {
    const { c } = await userClient(t, 'sem');
    const bot = (await c.post<QaBot>(BOTS, { name: 'Dentist' })).data;
    const form = new FormData();
    form.append('file', new File([new Uint8Array(qaCsv(PAIRS))], 'faq.csv'));
    expect((await c.upload<QaImportResultBody>(`${BOTS}/${bot.botId}/documents`, form)).data.imported).toBe(PAIRS.length);
    await t.services.qaEmbed.idle();
    return { c, bot };
  }

  it("calibrates the threshold from the bot's own phrasings, and finds by meaning what shares no word", async () => {
    const { c, bot } = await importedBot();
    const got = (await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data;
    expect(got.calibration).toBeDefined();
    expect(got.calibration!.curve).toHaveLength(19);
    expect(got.threshold).toBe(got.calibration!.suggested);
    // Answering less often never answers more wrongly.
    const curve = got.calibration!.curve;
    for (let i = 1; i < curve.length; i++) expect(curve[i]!.answered).toBeLessThanOrEqual(curve[i - 1]!.answered);

    const ask = async (question: string) => (await c.post<QaAnswer>(`${BOTS}/${bot.botId}/ask`, { question })).data;
    // No word of the question is in any text of the emergency pair ("molar", "aches", "urgently").
    const pain = await ask('my molar aches so badly, is anyone available urgently?');
    const first = pain.decision === 'answer' ? pain.citations[0]?.question : pain.suggestions[0]?.question;
    expect(first).toBe('What should I do in a dental emergency?');
    expect((await ask('who won the football world cup in 1998')).decision).toBe('handoff');
  });

  it('keeps a threshold the owner chose when the bot is calibrated again', async () => {
    const { c, bot } = await importedBot();
    expect((await c.send('PATCH', `${BOTS}/${bot.botId}`, { threshold: 0.9 })).code).toBe(200);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(qaCsv(PAIRS.slice(0, 6)))], 'faq.csv'));
    await c.upload(`${BOTS}/${bot.botId}/documents`, form);
    await t.services.qaEmbed.idle();
    const got = (await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data;
    expect(got.threshold).toBe(0.9);
    expect(got.calibration).toBeDefined();
  });

  it('calibrates again a bot whose calibration was made on an older score scale, answering on words meanwhile', async () => {
    const { c, bot } = await importedBot();
    const db = t.handle.db;
    const row = await db.selectFrom('qa_bots').select(['calibration', 'threshold_milli']).where('id', '=', bot.botId).executeTakeFirstOrThrow();
    const current = JSON.parse(row.calibration!) as { scale?: number };
    expect(current.scale).toBe(CALIBRATION_SCALE);
    // As a bot calibrated before the scale existed: no scale, a threshold of that scale.
    delete current.scale;
    await db.updateTable('qa_bots').set({ calibration: JSON.stringify(current), threshold_milli: 325 }).where('id', '=', bot.botId).execute();
    expect((await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data.calibration).toBeUndefined();
    const asked = await c.post<QaAnswer>(`${BOTS}/${bot.botId}/ask`, { question: 'When are you open?' });
    expect(asked.code).toBe(200);
    await t.services.qaEmbed.idle();
    const after = await db.selectFrom('qa_bots').select(['calibration', 'threshold_milli']).where('id', '=', bot.botId).executeTakeFirstOrThrow();
    const recalibrated = JSON.parse(after.calibration!) as { scale?: number; threshold: number };
    expect(recalibrated.scale).toBe(CALIBRATION_SCALE);
    expect(after.threshold_milli).toBe(recalibrated.threshold);
    expect((await c.get<QaBot>(`${BOTS}/${bot.botId}`)).data.calibration).toBeDefined();
  });
});
