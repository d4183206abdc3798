import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QaBot, QaImportResultBody } from '@contracts/ai-qa.js';
import type { History } from '@contracts/documents.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { DEFAULT_RATE_LIMITS } from '../../api/http/rate-limit-rules.js';
import { EN_PAIRS } from '../fixtures/qa/docuflow-en.js';
import { qaCsv, qaDocx, qaXlsx } from '../fixtures/qa/documents.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { lyingDocx, lyingXlsx } from '../helpers/zip-bombs.js';

/**
 * Archives whose headers lie (issue 27, deliver 3): a 1 MB DOCX or XLSX whose main part declares
 * 2,000 bytes and inflates to 1 GB is refused by the upload check and by the QA import, and this
 * process (which runs the API) grows by less than 64 MB meanwhile; honest files still import and
 * convert; imports are rate-limited.
 */
const MB = 1024 * 1024;
const MEMORY_ALLOWANCE = 64 * MB;
const IMPORTS_PER_MINUTE = 3;
const PAIRS = EN_PAIRS.slice(0, 12).map(({ id: _id, ...p }) => p);

/** Runs `fn` while sampling this process's resident memory; returns its answer and the most RSS grew. */
async function measured<T>(fn: () => Promise<T>): Promise<{ answer: T; grew: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 2);
  try {
    const answer = await fn();
    sample();
    return { answer, grew: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

function submitForm(convertType: string, name: string, bytes: Uint8Array): FormData {
  const f = new FormData();
  f.append('convertType', convertType);
  f.append('files', new Blob([bytes as BlobPart]), name);
  return f;
}

describe.each(testDialects())('archives inflated under a byte budget on %s', (dialect) => {
  let t: TestApp;
  const bombs = { docx: lyingDocx(), xlsx: lyingXlsx() };

  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, qaImportPerUser: { points: IMPORTS_PER_MINUTE, durationS: 60 } } });
  });
  afterAll(() => t.close());

  const importDocument = (c: TestClient, botId: string, name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name));
    return c.upload<QaImportResultBody & { reason?: string }>(`/api/v1/ai/qa/bots/${botId}/documents`, form);
  };
  async function owner(): Promise<{ c: TestClient; botId: string }> {
    const { c } = await userClient(t, 'zb');
    return { c, botId: (await c.post<QaBot>('/api/v1/ai/qa/bots', { name: 'Help desk' })).data.botId };
  }

  it('the fixtures are what they claim: about 1 MB each, declaring 2,000 bytes for a part of 1 GB', () => {
    for (const bytes of Object.values(bombs)) {
      expect(bytes.length).toBeLessThan(1.2 * MB);
      // The central directory's uncompressed size of the last entry (the lying part) is 2,000.
      const view = Buffer.from(bytes);
      const eocd = view.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      const dirStart = view.readUInt32LE(eocd + 16);
      const lastEntry = view.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), eocd);
      expect(lastEntry).toBeGreaterThanOrEqual(dirStart);
      expect(view.readUInt32LE(lastEntry + 24)).toBe(2000);
    }
  });

  it('the upload check refuses the 1 GB-inflating DOCX and XLSX (41501 zipBomb), the process growing by less than 64 MB', async () => {
    const { c } = await userClient(t, 'zu');
    for (const [name, convertType, bytes] of [['bomb.docx', 'word-to-pdf', bombs.docx], ['bomb.xlsx', 'excel-to-json', bombs.xlsx]] as const) {
      const { answer, grew } = await measured(() => c.upload<{ reason: string }>('/api/v1/document/submit', submitForm(convertType, name, bytes)));
      expect({ name, code: answer.code, reason: answer.data?.reason }).toEqual({ name, code: ErrorCode.UNSUPPORTED_CONTENT, reason: 'zipBomb' });
      expect(grew, `${name}: RSS grew by ${Math.round(grew / MB)} MB`).toBeLessThan(MEMORY_ALLOWANCE);
    }
    expect((await c.get<{ total: number }>('/api/v1/my/history')).data.total).toBe(0);
  });

  it('the QA import refuses the 1 GB-inflating DOCX and XLSX (41501 zipBomb) and keeps the old pairs, the process growing by less than 64 MB', async () => {
    const { c, botId } = await owner();
    expect((await importDocument(c, botId, 'faq.csv', qaCsv(PAIRS))).data).toEqual({ imported: PAIRS.length, errors: [] });
    for (const [name, bytes] of [['faq.docx', bombs.docx], ['faq.xlsx', bombs.xlsx]] as const) {
      const { answer, grew } = await measured(() => importDocument(c, botId, name, bytes));
      expect({ name, code: answer.code, reason: answer.data?.reason }).toEqual({ name, code: ErrorCode.UNSUPPORTED_CONTENT, reason: 'zipBomb' });
      expect(grew, `${name}: RSS grew by ${Math.round(grew / MB)} MB`).toBeLessThan(MEMORY_ALLOWANCE);
    }
    expect((await c.get<QaBot>(`/api/v1/ai/qa/bots/${botId}`)).data.pairs).toBe(PAIRS.length);
  });

  it('an honest DOCX and XLSX still import into a bot, and still upload and convert', async () => {
    const { c, botId } = await owner();
    expect((await importDocument(c, botId, 'faq.docx', await qaDocx(PAIRS))).data).toEqual({ imported: PAIRS.length, errors: [] });
    expect((await importDocument(c, botId, 'faq.xlsx', await qaXlsx(PAIRS))).data).toEqual({ imported: PAIRS.length, errors: [] });
    const pairs = await c.get<{ question: string }[]>(`/api/v1/ai/qa/bots/${botId}/pairs`);
    expect(pairs.data.map((p) => p.question)).toEqual(PAIRS.map((p) => p.question));

    const { c: user } = await userClient(t, 'zc');
    for (const [name, convertType, bytes, expected] of [
      ['faq.docx', 'word-to-text', await qaDocx(PAIRS), PAIRS[0]!.question],
      ['faq.xlsx', 'excel-to-json', await qaXlsx(PAIRS), PAIRS[0]!.question],
    ] as const) {
      const sub = await user.upload<{ documentId: string }>('/api/v1/document/submit', submitForm(convertType, name, bytes));
      expect(sub.code, name).toBe(200);
      expect((await user.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
      await t.queue.idle();
      const rec = await user.get<History>(`/api/v1/document/${sub.data.documentId}`);
      expect(rec.data.status, name).toBe(ConversionStatus.SUCCEEDED);
      const out = await user.raw(rec.data.output.filesInfos[0]!.convertFileUrl);
      expect(await out.text()).toContain(expected);
    }
  });

  it(`imports past ${IMPORTS_PER_MINUTE} a minute for one user are refused with 42901, before the document is read`, async () => {
    const { c, botId } = await owner();
    const csv = qaCsv(PAIRS);
    for (let i = 0; i < IMPORTS_PER_MINUTE; i++) expect((await importDocument(c, botId, 'faq.csv', csv)).data.imported).toBe(PAIRS.length);
    const refused = await importDocument(c, botId, 'faq.csv', csv);
    expect(refused.code).toBe(ErrorCode.TOO_MANY_ATTEMPTS);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another owner has a budget of their own.
    const other = await owner();
    expect((await importDocument(other.c, other.botId, 'faq.csv', csv)).data.imported).toBe(PAIRS.length);
  });
});
