import { PDF_TOOLS } from '@contracts/pdf-tools.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@contracts/admin/audit.js';
import type { ConvertTool, ConvertToolPage } from '@contracts/admin/convert-tools.js';
import type { Product, ProductPage } from '@contracts/admin/products.js';
import type { WritingTool, WritingToolPage } from '@contracts/admin/writing-tools.js';
import type { Feature } from '@contracts/convert-catalogue.js';
import type { Limit, ProductQuota } from '@contracts/quota.js';
import { sweepOrphanFiles } from '../../api/jobs/sweeper.js';
import { pngBytes, svgBytes } from '../helpers/fixtures/image-encoders.js';
import { reportPdf } from '../helpers/fixtures/pdfs.js';
import { managerClient, userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

type FileMeta = { name: string; size: number };

function uploadForm(convertType: string, name: string, bytes: Uint8Array): FormData {
  const f = new FormData();
  f.append('convertType', convertType);
  f.append('files', new Blob([bytes as BlobPart]), name);
  return f;
}

function imageForm(bytes: Uint8Array, name: string, type = 'application/octet-stream'): FormData {
  const f = new FormData();
  f.append('image', new Blob([bytes as BlobPart], { type }), name);
  return f;
}

describe.each(testDialects())('admin product list and publish product on %s', (dialect) => {
  let t: TestApp;
  let manager: TestClient;
  let pdf: Uint8Array;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await managerClient(t);
    pdf = await reportPdf();
  });
  afterAll(() => t.close());

  const features = async () => (await t.client().get<Feature[]>('/api/v1/document/convert/feature')).data;
  const offeredKeys = async () => (await features()).flatMap((f) => (f.cards ?? []).map((c) => c.key));
  const patchTool = (key: string, body: unknown) => manager.send<ConvertTool>('PATCH', `/api/v1/admin/convert-tools/${key}`, body);
  const availCount = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;
  const browserConvert = (c: TestClient, convertType: string, files: FileMeta[]) =>
    c.post<{ documentId: string }>('/api/v1/document/convert', { convertType, engine: 'browser', files });
  const submit = (c: TestClient, convertType: string, name = 'report.pdf', bytes = pdf) => c.upload<{ documentId: string }>('/api/v1/document/submit', uploadForm(convertType, name, bytes));
  const serverConvert = (c: TestClient, documentId: string) => c.post('/api/v1/document/convert', { documentId });
  const audit = async (action: string, targetId: string) => (await manager.get<AuditPage>(`/api/v1/admin/audit?action=${action}&targetId=${targetId}`)).data.list;

  describe('conversion tools', () => {
    it('lists every catalogue card with its settings and what the engine table allows', async () => {
      const res = await manager.get<ConvertToolPage>('/api/v1/admin/convert-tools');
      expect(res.code).toBe(200);
      // 15 conversion cards and the 14 PDF tools.
      expect(res.data.total).toBe(15 + PDF_TOOLS.length);
      expect(res.data.list.map((c) => c.key)).toEqual(expect.arrayContaining(['pdf-to-word', 'word-to-pdf', 'excel-to-json', 'ppt-to-html']));
      const pdfToWord = res.data.list.find((c) => c.key === 'pdf-to-word')!;
      expect(pdfToWord).toMatchObject({ enabled: true, engine: 'auto', maxFileSize: null, browserCapable: true, autoEngine: 'mixed', updatedAt: null });
      expect(res.data.list.find((c) => c.key === 'word-to-pdf')).toMatchObject({ browserCapable: false, autoEngine: 'server' });
      const pdfOnly = await manager.get<ConvertToolPage>('/api/v1/admin/convert-tools?source=pdf');
      expect(pdfOnly.data.list.every((c) => c.source === 'pdf')).toBe(true);
      expect(pdfOnly.data.total).toBe(5 + PDF_TOOLS.length);
      expect(res.data.list.find((c) => c.key === 'pdf-compress')).toMatchObject({ tool: true, enabled: true, autoEngine: 'server', browserCapable: false });
      expect(res.data.list.find((c) => c.key === 'pdf-merge')).toMatchObject({ tool: true, autoEngine: 'browser' });
      expect(pdfToWord.tool).toBe(false);
    });

    it('switches a PDF tool off and on like a conversion; its engine stays where the tool is built', async () => {
      const { c } = await userClient(t, 'pdft');
      const before = await availCount(c);
      const fixed = await patchTool('pdf-compress', { engine: 'browser' });
      expect({ code: fixed.code, data: fixed.data }).toEqual({ code: 40001, data: { engine: 'adminProducts.validation.toolEngineFixed' } });

      expect((await patchTool('pdf-compress', { enabled: false })).data).toMatchObject({ key: 'pdf-compress', enabled: false, tool: true });
      expect((await submit(c, 'pdf-compress')).code).toBe(1001);
      expect((await browserConvert(c, 'pdf-merge', [{ name: 'a.pdf', size: 1000 }])).code).toBe(200);
      expect(await availCount(c)).toBe(before - 1);

      expect((await patchTool('pdf-compress', { enabled: true })).data.enabled).toBe(true);
      expect((await submit(c, 'pdf-compress')).code).toBe(200);
      expect((await audit('convert-tool', 'pdf-compress')).map((e) => e.action)).toEqual(['convert-tool.update', 'convert-tool.update']);
    });

    it('switching pdf-to-word off hides it at once and both paths answer 1001 with nothing spent; on again brings it back', async () => {
      const { c } = await userClient(t, 'ptw');
      // An upload made while the card was on, converted after it went off.
      const early = await submit(c, 'pdf-to-word');
      expect(early.code).toBe(200);
      const before = await availCount(c);

      const off = await patchTool('pdf-to-word', { enabled: false });
      expect(off.code).toBe(200);
      expect(off.data).toMatchObject({ key: 'pdf-to-word', enabled: false });
      expect(await offeredKeys()).not.toContain('pdf-to-word');
      const pdfFeature = (await features()).find((f) => f.id === 'pdf')!;
      expect(pdfFeature.converts).toEqual(['xlsx', 'pptx', 'html', 'xml']);

      const browser = await browserConvert(c, 'pdf-to-word', [{ name: 'a.pdf', size: 1000 }]);
      expect({ code: browser.code, data: browser.data }).toEqual({ code: 1001, data: { convertType: 'pdf-to-word', switchedOff: true } });
      expect((await submit(c, 'pdf-to-word')).code).toBe(1001);
      expect((await serverConvert(c, early.data.documentId)).code).toBe(1001);
      expect(await availCount(c)).toBe(before);
      expect((await c.get<{ total: number }>('/api/v1/my/history?page=1')).data.total).toBe(0);
      // Other cards of the same source are untouched.
      expect((await browserConvert(c, 'pdf-to-excel', [{ name: 'a.pdf', size: 1000 }])).code).toBe(200);

      expect((await patchTool('pdf-to-word', { enabled: true })).data.enabled).toBe(true);
      expect(await offeredKeys()).toContain('pdf-to-word');
      expect((await browserConvert(c, 'pdf-to-word', [{ name: 'a.pdf', size: 1000 }])).code).toBe(200);
      expect((await serverConvert(c, early.data.documentId)).code).toBe(200);

      const entries = await audit('convert-tool', 'pdf-to-word');
      expect(entries.map((e) => e.action)).toEqual(['convert-tool.update', 'convert-tool.update']);
      expect(entries[1]).toMatchObject({ actorName: 'admin', targetType: 'convert-tool', before: { enabled: true, engine: 'auto', maxFileSize: null }, after: { enabled: false, engine: 'auto', maxFileSize: null } });
      expect(entries[0]).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
    });

    it('honours the engine preference on the server and exposes it in the feature list', async () => {
      const { c } = await userClient(t, 'eng');
      // word-to-pdf needs LibreOffice's layout: the engine table says no browser.
      const refused = await patchTool('word-to-pdf', { engine: 'browser' });
      expect({ code: refused.code, data: refused.data }).toEqual({ code: 40001, data: { engine: 'adminProducts.validation.browserUnsupported' } });

      expect((await patchTool('pdf-to-word', { engine: 'server' })).data.engine).toBe('server');
      expect((await features()).find((f) => f.id === 'pdf')!.cards).toContainEqual({ key: 'pdf-to-word', engine: 'server', maxFileSize: null });
      const before = await availCount(c);
      const browser = await browserConvert(c, 'pdf-to-word', [{ name: 'a.pdf', size: 1000 }]);
      expect({ code: browser.code, data: browser.data }).toEqual({ code: 40001, data: { engine: 'validation.engineUnsupported' } });
      expect(await availCount(c)).toBe(before);
      expect((await submit(c, 'pdf-to-word')).code).toBe(200);

      expect((await patchTool('pdf-to-word', { engine: 'browser' })).data.engine).toBe('browser');
      const upload = await submit(c, 'pdf-to-word');
      expect({ code: upload.code, data: upload.data }).toEqual({ code: 40001, data: { engine: 'adminProducts.card.browserOnly' } });
      expect((await browserConvert(c, 'pdf-to-word', [{ name: 'a.pdf', size: 1000 }])).code).toBe(200);
      // pdfxml is a PDF source format the browser engines cannot read: not accepted while the card stays on the device.
      expect((await browserConvert(c, 'pdf-to-word', [{ name: 'a.pdfxml', size: 1000 }])).data).toEqual({ files: 'validation.fileTypeNotAccepted' });

      expect((await patchTool('pdf-to-word', { engine: 'auto' })).data.engine).toBe('auto');
      expect((await submit(c, 'pdf-to-word')).code).toBe(200);
    });

    it('enforces the size cap on both paths with 1005 and nothing spent', async () => {
      const { c } = await userClient(t, 'cap');
      const cap = 2000;
      expect((await patchTool('pdf-to-word', { maxFileSize: cap })).data.maxFileSize).toBe(cap);
      expect((await features()).find((f) => f.id === 'pdf')!.cards).toContainEqual({ key: 'pdf-to-word', engine: 'auto', maxFileSize: cap });
      const before = await availCount(c);
      const browser = await browserConvert(c, 'pdf-to-word', [{ name: 'a.pdf', size: cap + 1 }]);
      expect({ code: browser.code, data: browser.data }).toEqual({ code: 1005, data: { maxFileSize: cap } });
      expect(pdf.length).toBeGreaterThan(cap);
      expect((await submit(c, 'pdf-to-word')).code).toBe(1005);
      expect(await availCount(c)).toBe(before);
      expect((await browserConvert(c, 'pdf-to-word', [{ name: 'a.pdf', size: cap }])).code).toBe(200);
      // The cap is the card's own: other cards keep the package's.
      expect((await browserConvert(c, 'pdf-to-excel', [{ name: 'a.pdf', size: cap + 1 }])).code).toBe(200);

      expect((await patchTool('pdf-to-word', { maxFileSize: 0 })).data).toEqual({ maxFileSize: 'adminProducts.validation.capInvalid' });
      expect((await patchTool('pdf-to-word', {})).code).toBe(40001);
      expect((await patchTool('pdf-to-word', { engine: 'gpu' })).code).toBe(40001);
      expect((await patchTool('no-such-card', { enabled: false })).code).toBe(40404);
      expect((await patchTool('pdf-to-word', { maxFileSize: null })).data.maxFileSize).toBeNull();
      expect((await audit('convert-tool', 'pdf-to-word'))[0]).toMatchObject({ before: { maxFileSize: cap }, after: { maxFileSize: null } });
    });

    it('switching on a card of a source that was off brings back that card only', async () => {
      await t.handle.db.updateTable('convert_features').set({ enabled: 0 }).where('id', '=', 'ppt').execute();
      t.services.conversions.invalidateFeatures();
      expect((await features()).map((f) => f.id)).not.toContain('ppt');
      const list = (await manager.get<ConvertToolPage>('/api/v1/admin/convert-tools?source=ppt')).data.list;
      expect(list.map((c) => c.enabled)).toEqual([false, false]);
      expect((await patchTool('ppt-to-pdf', { enabled: true })).data.enabled).toBe(true);
      expect((await features()).find((f) => f.id === 'ppt')).toMatchObject({ converts: ['pdf'] });
    });
  });

  describe('writing tools', () => {
    it('lists the five seeded tools with names in both languages', async () => {
      const res = await manager.get<WritingToolPage>('/api/v1/admin/writing-tools');
      expect(res.code).toBe(200);
      expect(res.data.total).toBe(5);
      expect(res.data.list.map((w) => w.id)).toEqual(['qa-bot', 'reading-assistant', 'ai-image', 'automation', 'video-tools']);
      for (const w of res.data.list) expect(w).toMatchObject({ enabled: true, cost: 1, config: {}, updatedAt: null, name: expect.any(String), nameZh: expect.any(String) });
      expect(res.data.list[0]!.nameZh).toMatch(/客服/);
    });

    it('updates switch, cost and configuration; writingToolSettings follows at once; audited', async () => {
      const service = t.services.writingTools;
      expect(await service.writingToolSettings('qa-bot')).toEqual({ enabled: true, cost: 1, config: {} });
      const config = { threshold: 0.6, handoff: { email: 'support@example.com' }, languages: ['en', 'zh'] };
      const res = await manager.send<WritingTool>('PATCH', '/api/v1/admin/writing-tools/qa-bot', { enabled: false, cost: 3, config });
      expect(res.code).toBe(200);
      expect(res.data).toMatchObject({ id: 'qa-bot', enabled: false, cost: 3, config });
      expect(await service.writingToolSettings('qa-bot')).toEqual({ enabled: false, cost: 3, config });
      expect(await service.writingToolSettings('no-such-tool')).toBeNull();
      const [entry] = await audit('writing-tool', 'qa-bot');
      expect(entry).toMatchObject({ action: 'writing-tool.update', before: { enabled: true, cost: 1, config: {} }, after: { enabled: false, cost: 3, config } });
    });

    it('refuses a bad cost or configuration with 40001, and an unknown tool with 40404', async () => {
      const patch = (body: unknown) => manager.send('PATCH', '/api/v1/admin/writing-tools/automation', body);
      expect((await patch({ cost: 0 })).data).toEqual({ cost: 'adminProducts.validation.costInvalid' });
      expect((await patch({ cost: 1.5 })).data).toEqual({ cost: 'adminProducts.validation.costInvalid' });
      expect((await patch({ cost: '2' })).data).toEqual({ cost: 'adminProducts.validation.costInvalid' });
      expect((await patch({ config: 'not json' })).data).toEqual({ config: 'adminProducts.validation.configNotObject' });
      expect((await patch({ config: [1, 2] })).data).toEqual({ config: 'adminProducts.validation.configNotObject' });
      expect((await patch({ config: null })).data).toEqual({ config: 'adminProducts.validation.configNotObject' });
      expect((await patch({ config: { text: 'x'.repeat(8200) } })).data).toEqual({ config: 'adminProducts.validation.configTooLarge' });
      const raw = await manager.request('PATCH', '/api/v1/admin/writing-tools/automation', '{"config": {oops}', { 'content-type': 'application/json', 'x-xsrf-token': manager.xsrfToken ?? '' });
      expect(raw.code).toBe(40001);
      expect((await manager.send('PATCH', '/api/v1/admin/writing-tools/no-such-tool', { cost: 2 })).code).toBe(40404);
      const unchanged = (await manager.get<WritingToolPage>('/api/v1/admin/writing-tools')).data.list.find((w) => w.id === 'automation');
      expect(unchanged).toMatchObject({ cost: 1, config: {}, updatedAt: null });
    });
  });

  describe('publish product', () => {
    it('creates and edits a product with names and details in both languages, audited', async () => {
      const created = await manager.post<Product>('/api/v1/admin/products', { id: 'ai-translate', name: 'AI translation', nameZh: 'AI 翻译', detail: 'Translate pages.', detailZh: '翻译网页。' });
      expect(created.code).toBe(200);
      expect(created.data).toMatchObject({ id: 'ai-translate', name: 'AI translation', nameZh: 'AI 翻译', imageUrl: '', detail: 'Translate pages.', detailZh: '翻译网页。' });
      const duplicate = await manager.post('/api/v1/admin/products', { id: 'ai-translate', name: 'x', nameZh: 'x' });
      expect({ code: duplicate.code, data: duplicate.data }).toEqual({ code: 40001, data: { id: 'adminProducts.validation.idTaken' } });
      const bad = await manager.post('/api/v1/admin/products', { id: 'Bad Id', name: '  ', detail: 'd'.repeat(4001) });
      expect(bad.data).toEqual({ id: 'adminProducts.validation.idFormat', name: 'adminProducts.validation.nameRequired', nameZh: 'adminProducts.validation.nameRequired', detail: 'adminProducts.validation.detailTooLong' });
      const generated = await manager.post<Product>('/api/v1/admin/products', { name: 'Made id', nameZh: '生成的编号' });
      expect(generated.data.id).toMatch(/^p-[0-9a-f]{10}$/);

      const edited = await manager.send<Product>('PATCH', '/api/v1/admin/products/ai-translate', { detail: 'Translate web pages and PDFs.' });
      expect(edited.data).toMatchObject({ name: 'AI translation', detail: 'Translate web pages and PDFs.' });
      expect((await manager.send('PATCH', '/api/v1/admin/products/no-such-id', { name: 'x' })).code).toBe(40404);
      expect((await manager.send('PATCH', '/api/v1/admin/products/ai-translate', {})).code).toBe(40001);

      const found = await manager.get<ProductPage>('/api/v1/admin/products?q=TRANSLAT');
      expect(found.data.list.map((p) => p.id)).toEqual(['ai-translate']);
      expect((await manager.get<ProductPage>('/api/v1/admin/products?q=%25')).data.total).toBe(0);
      const all = await manager.get<ProductPage>('/api/v1/admin/products?pageSize=2');
      expect(all.data.list.map((p) => p.id)).toEqual(['ai', 'convert']);
      expect(all.data.total).toBe(6);

      const [update, create] = await audit('product', 'ai-translate');
      expect(create).toMatchObject({ action: 'product.create', before: null, after: { id: 'ai-translate', nameZh: 'AI 翻译' } });
      expect(update).toMatchObject({ action: 'product.update', before: { detail: 'Translate pages.' }, after: { detail: 'Translate web pages and PDFs.' } });
    });

    it('takes a real PNG, serves it publicly with a long cache and nosniff, and refuses what is not an image', async () => {
      const png = pngBytes(24, 16);
      const res = await manager.upload<Product>('/api/v1/admin/products/convert/image', imageForm(png, 'logo.png', 'image/png'));
      expect(res.code).toBe(200);
      expect(res.data.imageUrl).toMatch(/^\/api\/v1\/product-image\/pimg-[0-9a-f]+\/[0-9a-f]{32}\.png$/);
      const served = await t.client().raw(res.data.imageUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      const text = await manager.upload('/api/v1/admin/products/convert/image', imageForm(new TextEncoder().encode('just some text'), 'logo.png', 'image/png'));
      expect({ code: text.code, data: text.data }).toEqual({ code: 41501, data: { image: 'adminProducts.validation.notImage' } });
      const script = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect((await manager.upload('/api/v1/admin/products/convert/image', imageForm(script, 'x.svg'))).data).toEqual({ image: 'adminProducts.validation.svgActiveContent' });
      const handler = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect onclick="x()" width="1" height="1"/></svg>');
      expect((await manager.upload('/api/v1/admin/products/convert/image', imageForm(handler, 'x.svg'))).code).toBe(41501);
      const big = new Uint8Array(1_000_001);
      big.set(png);
      expect((await manager.upload('/api/v1/admin/products/convert/image', imageForm(big, 'big.png'))).data).toEqual({ image: 'adminProducts.validation.imageTooLarge' });
      expect((await manager.upload('/api/v1/admin/products/no-such-id/image', imageForm(png, 'a.png'))).code).toBe(40404);
      expect((await manager.post('/api/v1/admin/products/convert/image', {})).data).toEqual({ image: 'adminProducts.validation.imageRequired' });
      // Refusals left the image as it was.
      const [last] = await audit('product', 'convert');
      expect(last).toMatchObject({ action: 'product.update', before: { imageUrl: '/icons/product-convert.svg' }, after: { imageUrl: res.data.imageUrl } });

      // A plain SVG is accepted; the image it replaces is removed; the orphan sweeper keeps product images.
      const svg = await manager.upload<Product>('/api/v1/admin/products/convert/image', imageForm(svgBytes(10, 10), 'logo.svg'));
      expect(svg.code).toBe(200);
      expect((await t.client().raw(svg.data.imageUrl)).headers.get('content-type')).toBe('image/svg+xml');
      expect((await t.client().raw(res.data.imageUrl)).status).toBe(404);
      await sweepOrphanFiles(t.handle.db, t.store, Date.now() + 2 * 3_600_000);
      expect((await t.client().raw(svg.data.imageUrl)).status).toBe(200);
      expect((await t.client().raw('/api/v1/product-image/not-ours/0123456789abcdef0123456789abcdef.png')).status).toBe(404);
    });

    it('shows the product\'s detail and image with the user\'s quota (/my/quota)', async () => {
      await manager.send('PATCH', '/api/v1/admin/products/convert', { detail: 'Convert documents.', detailZh: '转换文档。' });
      const { c } = await userClient(t, 'mq');
      const quota = (await c.get<ProductQuota[]>('/api/v1/my/quota')).data;
      const product = (await manager.get<ProductPage>('/api/v1/admin/products?q=convert')).data.list[0]!;
      expect(quota[0]!.productInfo).toEqual({ productId: 'convert', imageUrl: product.imageUrl, productName: 'Document converter', detail: 'Convert documents.' });
    });
  });
});
