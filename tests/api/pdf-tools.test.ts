import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import { grantPaidBundle } from '../helpers/grant-bundle.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { pdfToolApi } from '../helpers/pdf-tool-api.js';

/** A small real PDF: `pages` pages, each saying its number. */
async function pdfOf(pages: number, label: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([300, 400]).drawText(`${label} page ${i}`, { x: 40, y: 300, size: 18, font });
  return doc.save();
}

/**
 * The PDF tools through the API (issue 30): the browser tools are charged once per result and
 * never take an upload; the server tools take their options with the upload, keep passwords only
 * sealed and only until the job ends, and give results that qpdf and poppler read.
 */
describe.each(testDialects())('PDF tools on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let dir: string;
  const PASSWORD = 'Tiger-Lily 42';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = t.client();
    expect((await c.post('/api/v1/user/register', { userId: 'pdftools1', password: 'Sunny-Day7', email: 'pdftools1@example.com', agree: true })).code).toBe(200);
    await grantPaidBundle(t.handle.db, 'pdftools1');
    dir = mkdtempSync(join(tmpdir(), 'pdf-tools-api-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = () => pdfToolApi(t, c);
  const avail = () => api().avail();
  const submit: ReturnType<typeof pdfToolApi>['submit'] = (...args) => api().submit(...args);
  const runServerTool: ReturnType<typeof pdfToolApi>['runServerTool'] = (...args) => api().runServerTool(...args);

  const inputJson = async (id: string) =>
    (await t.handle.db.selectFrom('conversions').select('input_json').where('id', '=', id).executeTakeFirstOrThrow()).input_json;

  const saved = (name: string, bytes: Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('charges a merge of three PDFs on the device one unit, and refuses it as an upload', async () => {
    const before = await avail();
    const files = [1, 2, 3].map((i) => ({ name: `part ${i}.pdf`, size: 1000 * i }));
    const started = await c.post<{ documentId: string }>('/api/v1/document/convert', { convertType: 'pdf-merge', engine: 'browser', files });
    expect(started.code).toBe(200);
    expect(before - (await avail())).toBe(1);
    const done = await c.post<History>(`/api/v1/document/${started.data.documentId}/complete`, { success: true, files: [{ name: 'merged.pdf', size: 6000 }] });
    expect([done.data.status, done.data.output.convertType, done.data.output.filesInfos[0]?.convertFileName]).toEqual([3, 'pdf-merge', 'merged.pdf']);

    const upload = await submit('pdf-merge', [{ name: 'a.pdf', bytes: await pdfOf(1, 'A') }]);
    expect([upload.code, upload.data]).toEqual([40001, { engine: 'adminProducts.card.browserOnly' }]);
    // A split is one unit per file split, like a conversion.
    const split = await c.post('/api/v1/document/convert', { convertType: 'pdf-split', engine: 'browser', files: [{ name: 'a.pdf', size: 10 }] });
    expect(split.code).toBe(200);
  });

  it('charges PDF to images of one PDF on the device one unit and completes it, and refuses it as an upload', async () => {
    const before = await avail();
    const started = await c.post<{ documentId: string }>('/api/v1/document/convert', { convertType: 'pdf-to-image', engine: 'browser', files: [{ name: 'report.pdf', size: 4000 }] });
    expect(started.code).toBe(200);
    expect(before - (await avail())).toBe(1);
    const done = await c.post<History>(`/api/v1/document/${started.data.documentId}/complete`, { success: true, files: [{ name: 'report.zip', size: 9000 }] });
    expect([done.data.status, done.data.output.convertType, done.data.output.filesInfos[0]?.convertFileName]).toEqual([3, 'pdf-to-image', 'report.zip']);
    expect(before - (await avail())).toBe(1);
    const upload = await submit('pdf-to-image', [{ name: 'a.pdf', bytes: await pdfOf(1, 'A') }]);
    expect([upload.code, upload.data]).toEqual([40001, { engine: 'adminProducts.card.browserOnly' }]);
  });

  it('refuses a server tool on the device, an unknown tool, and options that do not fit the tool, charging nothing', async () => {
    const before = await avail();
    const onDevice = await c.post('/api/v1/document/convert', { convertType: 'pdf-compress', engine: 'browser', files: [{ name: 'a.pdf', size: 10 }] });
    expect([onDevice.code, onDevice.data]).toEqual([40001, { engine: 'validation.engineUnsupported' }]);
    const unknown = await c.post('/api/v1/document/convert', { convertType: 'pdf-teleport', engine: 'browser', files: [{ name: 'a.pdf', size: 10 }] });
    expect(unknown.code).toBe(40001);
    const pdf = { name: 'a.pdf', bytes: await pdfOf(1, 'A') };
    for (const options of [{}, { userPassword: '' }, { userPassword: 'x', allowPrint: 'yes' }, '{not json', { userPassword: 'x', extra: 1 }]) {
      const sub = await submit('pdf-protect', [pdf], options);
      expect([sub.code, sub.data], JSON.stringify(options)).toEqual([40001, { options: 'validation.pdfOptionsInvalid' }]);
    }
    const dash = await submit('pdf-protect', [pdf], { userPassword: '-starts-with-a-dash' });
    expect([dash.code, dash.data]).toEqual([40001, { options: 'validation.pdfPasswordLeadingDash' }]);
    const badPreset = await submit('pdf-compress', [pdf], { preset: 'tiny' });
    expect(badPreset.code).toBe(40001);
    const notPdf = await submit('pdf-compress', [{ name: 'a.docx', bytes: pdf.bytes }], {});
    expect(notPdf.code).toBe(40001);
    expect(await avail()).toBe(before);
  });

  it('protects with AES-256: only the password opens the result, and the password is never kept in the clear', async () => {
    const input = { name: 'contract.pdf', bytes: await pdfOf(2, 'Contract') };
    const before = await avail();
    const sub = await submit('pdf-protect', [input], { userPassword: PASSWORD, allowPrint: true, allowCopy: false });
    expect(sub.code).toBe(200);
    const stored = await inputJson(sub.data.documentId);
    expect(stored).not.toContain(PASSWORD);
    expect(JSON.parse(stored)).toMatchObject({ options: { plain: { allowPrint: true, allowCopy: false }, sealed: expect.any(String) } });
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    await t.queue.idle();
    const record = (await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data;
    expect([record.status, record.output.filesInfos[0]?.convertFileName, before - (await avail())]).toEqual([3, 'contract-protected.pdf', 1]);
    // The job ended: the sealed password is gone too.
    expect(JSON.parse(await inputJson(sub.data.documentId)).options).toEqual({ plain: { allowPrint: true, allowCopy: false, allowModify: false } });

    const out = saved('protected.pdf', new Uint8Array(await (await c.raw(record.output.filesInfos[0]!.convertFileUrl)).arrayBuffer()));
    expect(execFileSync('pdfinfo', ['-upw', PASSWORD, out], { encoding: 'utf8' })).toMatch(/Encrypted:\s+yes.*AES.*256/i);
    expect(spawnSync('pdftotext', [out, '-'], { encoding: 'utf8' }).status).not.toBe(0);
    expect(execFileSync('pdftotext', ['-upw', PASSWORD, out, '-'], { encoding: 'utf8' })).toContain('Contract page 2');
    expect(spawnSync('qpdf', [`--password=${PASSWORD}`, '--check', out]).status).toBe(0);

    // Unlocking it again with the password gives the plain document back.
    const unlocked = await runServerTool('pdf-unlock', { name: 'contract-protected.pdf', bytes: new Uint8Array(await (await c.raw(record.output.filesInfos[0]!.convertFileUrl)).arrayBuffer()) }, { password: PASSWORD });
    expect([unlocked.record.status, unlocked.record.output.filesInfos[0]?.convertFileName]).toEqual([3, 'contract-protected-unlocked.pdf']);
    const plain = saved('unlocked.pdf', unlocked.bytes!);
    expect(execFileSync('pdfinfo', [plain], { encoding: 'utf8' })).toMatch(/Encrypted:\s+no/);
    expect(spawnSync('qpdf', ['--check', plain]).status).toBe(0);
  });

  it('fails an unlock with the wrong password as wrongPassword and gives the unit back', async () => {
    const protectedPdf = await runServerTool('pdf-protect', { name: 'secret.pdf', bytes: await pdfOf(1, 'Secret') }, { userPassword: PASSWORD });
    expect(protectedPdf.record.status).toBe(3);
    const wrong = await runServerTool('pdf-unlock', { name: 'secret.pdf', bytes: protectedPdf.bytes! }, { password: 'not it' });
    expect([wrong.record.status, wrong.record.reason, wrong.spent]).toEqual([2, 'wrongPassword', 0]);
    expect(await inputJson(wrong.id)).not.toContain('sealed');
  });

  it('repairs a PDF whose cross-reference table is broken, linearised for the web unless asked not to', async () => {
    // A classic cross-reference table (what most damaged files in the wild have; a broken
    // cross-reference stream leaves no trailer for any tool to recover from).
    const doc = await PDFDocument.load(await pdfOf(3, 'Damaged'));
    const broken = Buffer.from(await doc.save({ useObjectStreams: false }));
    // startxref pointing at nothing: qpdf --check fails on the upload, readers must rebuild the table.
    broken.write('startxref\n1           ', broken.lastIndexOf('startxref'), 'latin1');
    expect(spawnSync('qpdf', ['--check', saved('broken.pdf', broken)]).status).not.toBe(0);
    const web = await runServerTool('pdf-repair', { name: 'damaged.pdf', bytes: broken }, {});
    expect([web.record.status, web.record.output.filesInfos[0]?.convertFileName, web.spent], JSON.stringify(web.record)).toEqual([3, 'damaged-repaired.pdf', 1]);
    const fixed = saved('repaired.pdf', web.bytes!);
    const checked = spawnSync('qpdf', ['--check', fixed], { encoding: 'utf8' });
    expect([checked.status, checked.stdout]).toEqual([0, expect.stringContaining('File is linearized')]);
    expect(spawnSync('pdftotext', [fixed, '-'], { encoding: 'utf8' }).stdout).toContain('Damaged page 3');

    const plain = await runServerTool('pdf-repair', { name: 'damaged.pdf', bytes: broken }, { linearize: false });
    const plainChecked = spawnSync('qpdf', ['--check', saved('plain-repaired.pdf', plain.bytes!)], { encoding: 'utf8' });
    expect([plainChecked.status, plainChecked.stdout]).toEqual([0, expect.stringContaining('File is not linearized')]);
    const bad = await submit('pdf-repair', [{ name: 'a.pdf', bytes: broken }], { linearize: 'yes' });
    expect(bad.code).toBe(40001);
  });

  it('compresses a PDF to a result no larger than the input, which qpdf checks', async () => {
    const input = { name: 'report.pdf', bytes: await pdfOf(5, 'Report') };
    const done = await runServerTool('pdf-compress', input, { preset: 'screen' });
    expect([done.record.status, done.record.output.filesInfos[0]?.convertFileName, done.spent]).toEqual([3, 'report-compressed.pdf', 1]);
    expect(done.bytes!.byteLength).toBeLessThanOrEqual(input.bytes.byteLength);
    expect(spawnSync('qpdf', ['--check', saved('compressed.pdf', done.bytes!)]).status).toBe(0);
  });
});
