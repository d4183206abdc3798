import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import { userClient } from '../helpers/admin-clients.js';
import { readDocx } from '../helpers/read-office.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const PAIRS = [
  { source: 'The reading assistant translates the visible paragraphs first.', translation: '阅读助手先翻译屏幕上可见的段落。' },
  { source: 'Formulas such as $E = mc^2$ stay unchanged.', translation: '像 $E = mc^2$ 这样的公式保持不变。' },
];

/** The export route answers a file, not the JSON envelope: posted with the client's cookies and XSRF header. */
async function postFile(t: TestApp, c: TestClient, body: unknown): Promise<Response> {
  await c.get('/api/v1/userInfo');
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.request('/api/v1/ai/read/export', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'x-xsrf-token': c.xsrfToken ?? '', 'x-forwarded-for': c.address, cookie },
  });
}

describe('POST /ai/read/export', () => {
  let t: TestApp;
  let dir = '';
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'export-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a DOCX holding each source paragraph followed by its translation', async () => {
    const { c } = await userClient(t, 'ex');
    const res = await postFile(t, c, { format: 'docx', title: '双语 Reading', from: 'en', to: 'zh', paragraphs: PAIRS });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('wordprocessingml');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('双语 Reading (en-zh).docx')}`);
    const doc = await readDocx(new Uint8Array(await res.arrayBuffer()));
    expect(doc.paragraphs).toEqual(['双语 Reading', PAIRS[0]!.source, PAIRS[0]!.translation, PAIRS[1]!.source, PAIRS[1]!.translation]);
  });

  it('writes a PDF with the CJK font whose text holds both languages in order', async () => {
    const { c } = await userClient(t, 'ex');
    const res = await postFile(t, c, { format: 'pdf', title: 'Bilingual', from: 'en', to: 'zh', paragraphs: PAIRS });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = join(dir, 'out.pdf');
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    let at = 0;
    for (const part of ['Bilingual', ...PAIRS.flatMap((p) => [p.source, p.translation])]) {
      const found = text.indexOf(part.replace(/\s+/g, ' '), at);
      expect(found, part).toBeGreaterThanOrEqual(at);
      at = found + part.length;
    }
  });

  it('asks signed-out callers to log in and validates the body', async () => {
    expect((await t.client().post('/api/v1/ai/read/export', { format: 'pdf', from: 'en', to: 'zh', paragraphs: PAIRS })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const { c } = await userClient(t, 'ex');
    expect((await c.post('/api/v1/ai/read/export', { format: 'odt', from: 'en', to: 'zh', paragraphs: PAIRS })).code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await c.post('/api/v1/ai/read/export', { format: 'pdf', from: 'en', to: 'zh', paragraphs: [] })).code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});
