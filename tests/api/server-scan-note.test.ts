import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePdf, textPagePdf } from '../helpers/ocr-scan.js';
import { pdfToolApi } from '../helpers/pdf-tool-api.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

/**
 * A server conversion that read scanned pages says so, as a device conversion does
 * (docs/pdf-scan-ocr.md): the record's result carries the pages OCR read and its confidence,
 * which the converter shows under the file; a text PDF's result carries nothing of the kind.
 */
describe.each(testDialects())('the scanned-pages note of a server conversion on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = t.client();
    expect((await c.post('/api/v1/user/register', { userId: 'scannote', password: 'Sunny-Day7', email: 'scannote@example.com', agree: true })).code).toBe(200);
  });
  afterAll(() => t.close());

  it('lists the pages OCR read with their confidence, and nothing for a text PDF', { timeout: 90_000 }, async () => {
    const api = pdfToolApi(t, c);
    const scanned = await api.runServerTool('pdf-to-word', { name: 'scan.pdf', bytes: await scannedPagePdf(300, { chinese: false }) }, undefined);
    expect([scanned.record.status, scanned.spent]).toEqual([3, 1]);
    const note = scanned.record.output.filesInfos[0]?.recognised;
    expect(note?.map((p) => p.page)).toEqual([1]);
    expect(note?.[0]?.confidence).toBeGreaterThan(60);
    const text = await api.runServerTool('pdf-to-word', { name: 'text.pdf', bytes: await textPagePdf({ chinese: false }) }, undefined);
    expect(text.record.status).toBe(3);
    expect(text.record.output.filesInfos[0]).not.toHaveProperty('recognised');
  });
});
