import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillAlphas, pageWords, pngDataUrl, stampFixture, withoutBidiMarks } from '../../api/pdf/stamp-test-support.js';
import { grantPaidBundle } from '../helpers/grant-bundle.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { pdfToolApi } from '../helpers/pdf-tool-api.js';

/**
 * Page numbers and watermarks through the API (issue 30): options travel with the upload and are
 * checked before anything is charged; results are read back by qpdf and poppler.
 */
describe.each(testDialects())('PDF stamps on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let dir: string;
  let fixture: Uint8Array;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = t.client();
    expect((await c.post('/api/v1/user/register', { userId: 'stamper1', password: 'Sunny-Day7', email: 'stamper1@example.com', agree: true })).code).toBe(200);
    await grantPaidBundle(t.handle.db, 'stamper1');
    dir = mkdtempSync(join(tmpdir(), 'pdf-stamp-api-'));
    fixture = await stampFixture();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = () => pdfToolApi(t, c);
  const avail = () => api().avail();
  const submit = (convertType: string, options: unknown) => api().submit(convertType, [{ name: 'report.pdf', bytes: fixture }], options);

  /** Upload, run, wait: the ended record, the units spent, and the result (checked by qpdf, four pages). */
  async function run(convertType: string, options: unknown) {
    const { id, record, spent, bytes } = await api().runServerTool(convertType, { name: 'report.pdf', bytes: fixture }, options);
    if (!bytes) return { record, spent, bytes: undefined, file: undefined };
    const file = join(dir, `${id}.pdf`);
    writeFileSync(file, bytes);
    const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout).toMatch(/^Pages:\s+4$/m);
    return { record, spent, bytes, file };
  }

  const texts = (bytes: Uint8Array) => pageWords(bytes).map((p) => p.words.map((w) => w.text).join(' '));

  it('refuses options that cannot work with 40001 before anything is charged', async () => {
    const before = await avail();
    const refused: [string, unknown][] = [
      ['pdf-page-numbers', { template: 'Page' }],
      ['pdf-page-numbers', { template: '{n}', position: 'tile' }],
      ['pdf-page-numbers', { pages: '2-a' }],
      ['pdf-watermark', { text: 'Draft', image: pngDataUrl() }],
      ['pdf-watermark', {}],
      ['pdf-watermark', { text: '   ' }],
      ['pdf-watermark', { image: `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}` }],
      ['pdf-watermark', { text: 'Draft', opacity: 2 }],
      ['pdf-watermark', { text: 'Draft', color: 'red' }],
    ];
    for (const [tool, options] of refused) {
      const sub = await submit(tool, options);
      expect([sub.code, sub.data], `${tool} ${JSON.stringify(options)}`).toEqual([40001, { options: 'validation.pdfOptionsInvalid' }]);
    }
    expect(await avail()).toBe(before);
  });

  it('numbers the chosen pages in Chinese for one unit', async () => {
    const done = await run('pdf-page-numbers', { template: '第 {n} 页，共 {total} 页', pages: '2-3', position: 'bottom-right' });
    expect([done.record.status, done.record.output.filesInfos[0]?.convertFileName, done.spent]).toEqual([3, 'report-numbered.pdf', 1]);
    expect(texts(done.bytes!)).toEqual(['Body page 1', 'Body page 2 第 1 页，共 2 页', 'Body page 3 第 2 页，共 2 页', 'Body page 4']);
  });

  it('watermarks in Chinese and in Arabic, see-through', async () => {
    const chinese = await run('pdf-watermark', { text: '机密文件 Confidential', rotation: 0, opacity: 0.25 });
    expect(chinese.record.output.filesInfos[0]?.convertFileName).toBe('report-watermarked.pdf');
    for (const text of texts(chinese.bytes!)) expect(text).toContain('机密文件 Confidential');
    expect(fillAlphas(chinese.bytes!)).toContain(0.25);

    const arabic = await run('pdf-watermark', { text: 'سري للغاية', rotation: 0, position: 'top-center' });
    expect(withoutBidiMarks(spawnSync('pdftotext', [arabic.file!, '-'], { encoding: 'utf8' }).stdout)).toContain('سري للغاية');
  });

  it('tiles a picture across the chosen pages', async () => {
    const done = await run('pdf-watermark', { image: pngDataUrl(80, 40), position: 'tile', imageScale: 0.1, opacity: 0.4, rotation: 30, pages: '4' });
    const pages = spawnSync('pdfimages', ['-list', done.file!], { encoding: 'utf8' })
      .stdout.split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => Number(line.trim().split(/\s+/)[0]));
    // pdfimages lists each showing: many copies, all on page 4.
    expect(pages.length).toBeGreaterThan(4);
    expect(new Set(pages)).toEqual(new Set([4]));
    expect(fillAlphas(done.bytes!)).toContain(0.4);
  });

  it('fails a range past the last page as pageOutOfRange and gives the unit back', async () => {
    const done = await run('pdf-page-numbers', { pages: '3-9' });
    expect([done.record.status, done.record.reason, done.spent]).toEqual([2, 'pageOutOfRange', 0]);
  });
});
