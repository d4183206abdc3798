import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { DEFAULT_RATE_LIMITS } from '../../api/http/rate-limit-rules.js';
import { grantPaidBundle } from '../helpers/grant-bundle.js';
import { duplicateEntry, flipBytes, prng, renameEntry, truncate } from '../helpers/fixtures/mutations.js';
import { bilingualDocx, bilingualPptx, bilingualXlsx } from '../helpers/fixtures/office.js';
import { reportPdf } from '../helpers/fixtures/pdfs.js';
import { readCorpus } from '../helpers/corpus.js';
import { bilingualCsv, sampleDocx } from '../helpers/fixtures/spreadsheets.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import type { ApiAnswer, TestClient } from '../helpers/test-client.js';
import { byDepth } from '../helpers/test-depth.js';

/**
 * 1,000 damaged documents through upload and server conversion, in process, without
 * LibreOffice (its steps fail cleanly). Whatever the damage: no 500, every conversion ends
 * (failed or done) within the job limit, a failure gives the unit back, and the app still serves.
 */
// Damaged PDFs often run into the 2 s engine limit, so the run's length follows the machine's load:
// 1000 no longer fitted beside the automation suite's browsers. CI (TEST_DEPTH=full) sends 250 (same
// outcomes, mutation by mutation, before and after the fifth session's engine changes), a
// developer's `npm test` 80; FUZZ_MUTATIONS=1000 runs the full set.
const MUTATIONS = Number(process.env.FUZZ_MUTATIONS ?? byDepth(80, 250));
/** Engine time allowed per job: small, so a document that sends an engine spinning costs little. */
const ENGINE_TIMEOUT_MS = 2000;
/** The engine limit plus what surrounds it (reading, writing, two transactions, a fresh thread). */
const JOB_LIMIT_MS = ENGINE_TIMEOUT_MS + 3000;

/** Server conversions per input type; the -pdf and ppt ones need LibreOffice and must fail cleanly. */
const CARDS: Record<string, string[]> = {
  docx: ['word-to-text', 'word-to-pdf'],
  pdf: ['pdf-to-word', 'pdf-to-html', 'pdf-to-xml', 'pdf-to-excel', 'pdf-to-ppt'],
  xlsx: ['excel-to-json', 'excel-to-markdown', 'excel-to-html', 'excel-to-word', 'excel-to-ppt', 'excel-to-pdf'],
  csv: ['excel-to-json', 'excel-to-markdown', 'excel-to-html', 'excel-to-word'],
  pptx: ['ppt-to-pdf', 'ppt-to-html'],
};
/** Small corpus documents (tests/corpus/). */
const CORPUS = ['word_tables.docx', 'docx_lists.docx', 'borderless_table.pdf', 'table_mislabeled_as_picture.pdf', 'xlsx_edge_cases.xlsx', 'xlsx_table_with_title.xlsx', 'csv_comma.csv', 'powerpoint_sample.pptx'];

interface Seed {
  name: string;
  bytes: Uint8Array;
}

async function seeds(): Promise<Seed[]> {
  const made: Seed[] = [
    { name: 'letter.docx', bytes: await bilingualDocx() },
    { name: 'sample.docx', bytes: await sampleDocx() },
    { name: 'report.pdf', bytes: await reportPdf() },
    { name: 'book.xlsx', bytes: await bilingualXlsx() },
    { name: 'cities.csv', bytes: bilingualCsv() },
    { name: 'deck.pptx', bytes: await bilingualPptx() },
  ];
  const corpus = CORPUS.map((name) => ({ name, bytes: readCorpus(name) }));
  return [...made, ...corpus];
}

const KINDS = ['flip', 'truncate', 'rename', 'duplicate'] as const;

/** The i-th damaged document: kinds in turn, zip damage falling back to flipped bytes for non-zip seeds. */
function mutate(seed: Seed, i: number): { kind: string; bytes: Uint8Array } {
  const rand = prng(i + 1);
  const kind = KINDS[i % KINDS.length]!;
  if (kind === 'truncate') return { kind, bytes: truncate(seed.bytes, rand) };
  if (kind === 'rename') return { kind, bytes: renameEntry(seed.bytes, rand) ?? flipBytes(seed.bytes, rand) };
  if (kind === 'duplicate') return { kind, bytes: duplicateEntry(seed.bytes, rand) ?? flipBytes(seed.bytes, rand) };
  return { kind, bytes: flipBytes(seed.bytes, rand) };
}

function expectServed(res: ApiAnswer, label: string): void {
  expect(res.status, label).not.toBe(500);
  expect(res.code, label).not.toBe(50001);
}

describe('fuzz: damaged documents through upload and conversion', () => {
  let t: TestApp;
  let c: TestClient;
  let all: Seed[];

  beforeAll(async () => {
    all = await seeds();
    // One account sends everything, far faster than a person: its upload and convert limits are lifted.
    const unlimited = { points: 1_000_000, durationS: 60 };
    const rateLimits = { ...DEFAULT_RATE_LIMITS, uploadPerUser: unlimited, convertPerUser: unlimited, convertPerAddress: unlimited };
    t = await createTestApp('sqlite', { engines: { threads: 1, timeoutMs: ENGINE_TIMEOUT_MS, memoryMb: 256 }, rateLimits }, null);
    c = t.client();
    expect((await c.post('/api/v1/user/register', { userId: 'fuzzer', password: 'Sunny-Day7', email: 'fuzzer@example.com', agree: true })).code).toBe(200);
    await grantPaidBundle(t.handle.db, 'fuzzer');
  });
  afterAll(async () => {
    await t?.close();
  });

  const available = async () => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;

  it(`${MUTATIONS} mutations: no 500, every conversion ends within the job limit, failures refunded`, async () => {
    const tally = { refusedAtUpload: 0, refusedAtConvert: 0, failed: 0, succeeded: 0 };
    const refusals = new Map<number, number>();
    const reasons = new Map<string, number>();
    let slowest = 0;
    for (let i = 0; i < MUTATIONS; i++) {
      const seed = all[i % all.length]!;
      const ext = seed.name.split('.').pop()!;
      const cards = CARDS[ext]!;
      const card = cards[Math.floor(i / all.length) % cards.length]!;
      const { kind, bytes } = mutate(seed, i);
      const label = `#${i} ${kind} ${seed.name} → ${card}`;

      const form = new FormData();
      form.append('convertType', card);
      form.append('files', new Blob([bytes as BlobPart]), seed.name);
      const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
      expectServed(sub, label);
      if (sub.code !== 200) {
        tally.refusedAtUpload += 1;
        refusals.set(sub.code, (refusals.get(sub.code) ?? 0) + 1);
        continue;
      }
      const before = await available();
      const conv = await c.post('/api/v1/document/convert', { documentId: sub.data.documentId });
      expectServed(conv, label);
      if (conv.code !== 200) {
        tally.refusedAtConvert += 1;
        continue;
      }
      const started = performance.now();
      await Promise.race([t.queue.idle(), new Promise((r) => setTimeout(r, JOB_LIMIT_MS))]);
      slowest = Math.max(slowest, performance.now() - started);
      const rec = await c.get<History>(`/api/v1/document/${sub.data.documentId}`);
      expectServed(rec, label);
      expect([ConversionStatus.FAILED, ConversionStatus.SUCCEEDED], `${label}: still converting after ${JOB_LIMIT_MS} ms`).toContain(rec.data.status);
      if (rec.data.status === ConversionStatus.FAILED) {
        tally.failed += 1;
        reasons.set(rec.data.reason ?? '', (reasons.get(rec.data.reason ?? '') ?? 0) + 1);
        expect(await available(), `${label}: refunded`).toBe(before);
      } else {
        tally.succeeded += 1;
        expect(await available(), `${label}: charged once`).toBe(before - 1);
      }
    }
    console.log('fuzz', tally, 'upload refusals by code', Object.fromEntries(refusals), 'failure reasons', Object.fromEntries(reasons), `slowest job ${Math.round(slowest)} ms`);
    expect(tally.failed + tally.succeeded).toBeGreaterThan(MUTATIONS / 4);

    // Still serving, and still converting a good document.
    expect((await c.get('/api/v1/health')).status).toBe(200);
    const form = new FormData();
    form.append('convertType', 'excel-to-json');
    form.append('files', new Blob([bilingualCsv() as BlobPart]), 'after.csv');
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    await t.queue.idle();
    const after = (await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data;
    expect(after.status, `a good document after the fuzz run: ${after.reason ?? ''}`).toBe(ConversionStatus.SUCCEEDED);
  // A throughput run on a shared machine: other test files (the automation suite's browsers among
  // them) use the same two cores, so the limit is generous; each conversion's own limit is asserted above.
  }, 600_000);
});
