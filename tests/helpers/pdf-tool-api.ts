import { expect } from 'vitest';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import type { TestApp } from './test-app.js';
import type { TestClient } from './test-client.js';

export interface ToolFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * A PDF tool through the API as the page drives it: the upload with the tool's options as a JSON
 * `options` field (a string is sent as is, to test what is not JSON), then the job, then the
 * result. Shared by the PDF tools' API tests.
 */
export function pdfToolApi(t: TestApp, c: TestClient) {
  const avail = async () => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;

  async function submit(convertType: string, files: ToolFile[], options?: unknown) {
    const form = new FormData();
    form.append('convertType', convertType);
    if (options !== undefined) form.append('options', typeof options === 'string' ? options : JSON.stringify(options));
    for (const f of files) form.append('files', new Blob([f.bytes as BlobPart], { type: 'application/pdf' }), f.name);
    return c.upload<{ documentId: string }>('/api/v1/document/submit', form);
  }

  /** Upload, convert, wait: the record once it ended, the units it cost, and the first result's bytes. */
  async function runServerTool(convertType: string, file: ToolFile, options: unknown) {
    const before = await avail();
    const sub = await submit(convertType, [file], options);
    expect(sub.code).toBe(200);
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    await t.queue.idle();
    const record = (await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data;
    const url = record.output.filesInfos[0]?.convertFileUrl;
    const bytes = url ? new Uint8Array(await (await c.raw(url)).arrayBuffer()) : undefined;
    return { id: sub.data.documentId, record, spent: before - (await avail()), bytes };
  }

  return { avail, submit, runServerTool };
}
