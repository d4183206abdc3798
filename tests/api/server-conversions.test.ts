import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { createLibreOfficePool, findSoffice, type LegacyTarget, type OfficeEngine } from '../../api/office/pool.js';
import { sofficePids } from '../engines/helpers/readback.js';
import { WORDS, bilingualDocx, bilingualPptx, bilingualRtf, bilingualXlsx, longDocx } from '../helpers/fixtures/office.js';
import { readCorpus } from '../helpers/corpus.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const soffice = findSoffice();
if (!soffice) console.warn('LibreOffice is not installed: server conversion tests skipped (npm test installs it when run as root).');

/** Word variants that differ from .docx only in their declared content type. */
const OOXML_VARIANTS: Record<string, string> = {
  docm: 'application/vnd.ms-word.document.macroEnabled.main+xml',
  dotx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
  dotm: 'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
};

async function asVariant(docx: Uint8Array, contentType: string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(docx);
  const types = await zip.file('[Content_Types].xml')!.async('string');
  zip.file('[Content_Types].xml', types.replace('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', contentType));
  return zip.generateAsync({ type: 'uint8array' });
}

describe.skipIf(!soffice)('server conversions through the HTTP API with LibreOffice', () => {
  let t: TestApp;
  let pool: OfficeEngine;
  let work: string;
  let c: TestClient;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'docuflow-office-'));
    pool = createLibreOfficePool({ size: 2, workDir: join(work, 'pool') });
    t = await createTestApp('sqlite', {}, { engine: pool, size: 2 });
    c = t.client();
    expect((await c.post('/api/v1/user/register', { userId: 'office1', password: 'Sunny-Day7', email: 'office1@example.com', agree: true })).code).toBe(200);
    await t.handle.db.updateTable('user_quotas').set({ quota: 500, avail_quota: 500 }).where('quota_type', '=', 'TYPE_API').execute();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await pool?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Converts through submit → convert → record → download; returns the result's path. */
  async function convert(convertType: string, name: string, bytes: Uint8Array): Promise<{ file: string; record: History }> {
    const form = new FormData();
    form.append('convertType', convertType);
    form.append('files', new Blob([bytes as BlobPart]), name);
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
    expect(sub.code, `${name} upload`).toBe(200);
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    await t.queue.idle();
    const record = (await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data;
    expect(record.status, `${name}: ${record.reason}`).toBe(3);
    const res = await c.raw(record.output.filesInfos[0]!.convertFileUrl);
    expect(res.status).toBe(200);
    const file = join(work, `${sub.data.documentId}-${record.output.filesInfos[0]!.convertFileName}`);
    await writeFile(file, new Uint8Array(await res.arrayBuffer()));
    return { file, record };
  }

  async function legacy(bytes: Uint8Array, from: string, to: LegacyTarget): Promise<Uint8Array> {
    const src = join(work, `legacy-src-${Math.random().toString(36).slice(2)}.${from}`);
    await writeFile(src, bytes);
    const out = await pool.convert(src, await mkdtemp(join(work, 'legacy-')), to);
    return new Uint8Array(await readFile(out));
  }

  const pdfText = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  const pdfPages = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);

  it('word, excel and ppt to PDF keep their words, Chinese included', async () => {
    const word = await convert('word-to-pdf', '季度报告.docx', await bilingualDocx());
    expect(word.record.output.filesInfos[0]!.convertFileName).toBe('季度报告.pdf');
    expect(pdfText(word.file)).toContain(WORDS.chinese);
    expect(pdfText(word.file)).toContain(WORDS.english);
    expect(pdfPages(word.file)).toBe(1);
    const excel = await convert('excel-to-pdf', 'sheet.xlsx', await bilingualXlsx());
    expect(pdfText(excel.file)).toMatch(/你好世界|季度报告/);
    const ppt = await convert('ppt-to-pdf', 'deck.pptx', await bilingualPptx());
    expect(pdfText(ppt.file)).toMatch(/你好世界|季度报告|Quarterly/);
    expect(pdfPages(ppt.file)).toBeGreaterThanOrEqual(1);
  });

  it('ppt to HTML gives one page holding the slides\' text', async () => {
    const { file, record } = await convert('ppt-to-html', 'deck.pptx', await bilingualPptx());
    expect(record.output.filesInfos[0]!.convertFileName).toBe('deck.html');
    const html = await readFile(file, 'utf8');
    expect(html).toMatch(/<html/i);
    expect(html).toMatch(/你好世界|季度报告|Quarterly/);
  });

  it('converts the corpus documents', async () => {
    const sample = await convert('word-to-pdf', 'word_sample.docx', readCorpus('word_sample.docx'));
    expect(pdfText(sample.file).length).toBeGreaterThan(200);
    const deck = await convert('ppt-to-pdf', 'powerpoint_sample.pptx', readCorpus('powerpoint_sample.pptx'));
    expect(pdfPages(deck.file)).toBeGreaterThanOrEqual(2);
    const doc = await convert('word-to-text', 'legacy_sample.doc', readCorpus('legacy_sample.doc'));
    expect((await readFile(doc.file, 'utf8')).trim().length).toBeGreaterThan(50);
    const xls = await convert('excel-to-json', 'legacy_sample.xls', readCorpus('legacy_sample.xls'));
    expect(Object.keys(JSON.parse(await readFile(xls.file, 'utf8')) as object).length).toBeGreaterThanOrEqual(1);
  });

  it('every legacy Word input converts, through its modern form where the target is an engine\'s', async () => {
    const docx = await bilingualDocx();
    const doc = await legacy(docx, 'docx', 'doc');
    const inputs: [string, Uint8Array][] = [
      ['doc', doc],
      ['dot', doc],
      ['rtf', bilingualRtf()],
      ['odt', await legacy(docx, 'docx', 'odt')],
      ...(await Promise.all(Object.entries(OOXML_VARIANTS).map(async ([ext, type]) => [ext, await asVariant(docx, type)] as [string, Uint8Array]))),
    ];
    for (const [ext, bytes] of inputs) {
      const txt = await convert('word-to-text', `letter.${ext}`, bytes);
      expect(await readFile(txt.file, 'utf8'), ext).toContain(WORDS.chinese);
      const pdf = await convert('word-to-pdf', `letter.${ext}`, bytes);
      expect(pdfText(pdf.file), ext).toContain(WORDS.chinese);
    }
  });

  it('an .xlsb workbook converts to JSON and PDF', async () => {
    // LibreOffice reads .xlsb but cannot write it, and no package we keep writes one: this binary
    // workbook was written once by SheetJS (sheet 库存: 名称/数量, 你好世界 3, Quarterly 4) and committed.
    const xlsb = new Uint8Array(await readFile(new URL('../helpers/fixtures/bilingual-stock.xlsb', import.meta.url)));
    const json = await convert('excel-to-json', 'book.xlsb', xlsb);
    expect(JSON.parse(await readFile(json.file, 'utf8'))).toEqual({ 库存: [{ 名称: WORDS.chinese, 数量: 3 }, { 名称: 'Quarterly', 数量: 4 }] });
    expect(pdfText((await convert('excel-to-pdf', 'book.xlsb', xlsb)).file)).toContain(WORDS.chinese);
  });

  it('legacy Excel and PowerPoint inputs convert', async () => {
    const xls = await legacy(await bilingualXlsx(), 'xlsx', 'xls');
    const json = await convert('excel-to-json', 'book.xls', xls);
    expect(await readFile(json.file, 'utf8')).toMatch(/你好世界|季度报告/);
    const md = await convert('excel-to-markdown', 'book.xls', xls);
    expect(await readFile(md.file, 'utf8')).toMatch(/\|/);
    const ppt = await legacy(await bilingualPptx(), 'pptx', 'ppt');
    expect(pdfText((await convert('ppt-to-pdf', 'old.ppt', ppt)).file)).toMatch(/你好世界|季度报告|Quarterly/);
    expect(await readFile((await convert('ppt-to-html', 'old.ppt', ppt)).file, 'utf8')).toMatch(/你好世界|季度报告|Quarterly/);
  });

  it('a job whose LibreOffice is killed half-way ends failed and refunded, and the next job succeeds', async () => {
    const before = (await c.get<Limit>('/api/v1/config/limit')).data.availCount;
    const form = new FormData();
    form.append('convertType', 'word-to-pdf');
    form.append('files', new Blob([(await longDocx(150)) as BlobPart]), 'long.docx');
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(before - 1);
    const deadline = Date.now() + 20_000;
    let killed = 0;
    while (Date.now() < deadline && killed === 0) {
      const rec = (await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data;
      if (rec.status !== ConversionStatus.CONVERTING) break;
      // Only once an instance has the job: killing idle ones just restarts them, and on a loaded
      // machine the job then ran on a fresh instance and succeeded (the test's old flake).
      if (pool.stats().busy === 0) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      for (const pid of sofficePids(join(work, 'pool'))) {
        process.kill(pid, 'SIGKILL');
        killed += 1;
      }
    }
    await t.queue.idle();
    const rec = (await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data;
    expect(killed).toBeGreaterThan(0);
    expect(rec.status).toBe(ConversionStatus.FAILED);
    expect(rec.reason).toMatch(/crashed|failed|timeout/);
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(before);
    const next = await convert('word-to-pdf', 'after.docx', await bilingualDocx());
    expect(existsSync(next.file)).toBe(true);
  });
});
