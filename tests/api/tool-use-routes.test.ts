import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import { TOOL_USE_REFUND_WINDOW_MS, type ToolUseResult } from '@contracts/tool-use.js';
import { apiUseAccount } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';

describe.each(testDialects())('device-side tool uses on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const account = (prefix: string) => apiUseAccount(t, prefix);

  it('spends the tool cost and gives it back once, to its owner only', async () => {
    const me = await account('vu');
    const other = await account('vo');
    const before = await me.left();
    const spent = await me.client.post<ToolUseResult>('/api/v1/tools/video-tools/uses', { subject: 'trim clip.mp4' });
    expect(spent.code).toBe(ErrorCode.OK);
    expect(spent.data.units).toBe(1);
    expect(await me.left()).toBe(before - 1);

    const stolen = await other.client.post('/api/v1/tools/uses/' + spent.data.useId + '/refund', {});
    expect(stolen.code).toBe(ErrorCode.NOT_FOUND);
    expect(await me.left()).toBe(before - 1);

    const [a, b] = await Promise.all([
      me.client.post('/api/v1/tools/uses/' + spent.data.useId + '/refund', {}),
      me.client.post('/api/v1/tools/uses/' + spent.data.useId + '/refund', {}),
    ]);
    expect([a.code, b.code]).toEqual([ErrorCode.OK, ErrorCode.OK]);
    expect(await me.left()).toBe(before);
  });

  it('refuses a late refund, an unknown tool, a switched-off tool and a signed-out caller, spending nothing', async () => {
    const me = await account('vl');
    const before = await me.left();
    const spent = await me.client.post<ToolUseResult>('/api/v1/tools/ai-image/uses', { subject: 'x' });
    t.advance(TOOL_USE_REFUND_WINDOW_MS + 1);
    const late = await me.client.post('/api/v1/tools/uses/' + spent.data.useId + '/refund', {});
    expect(late.code).toBe(ErrorCode.FORBIDDEN);
    expect(await me.left()).toBe(before - 1);

    expect((await me.client.post('/api/v1/tools/nope/uses', { subject: 'x' })).code).toBe(ErrorCode.VALIDATION_FAILED);
    await t.handle.db.updateTable('writing_tools').set({ enabled: 0 }).where('id', '=', 'video-tools').execute();
    t.services.writingTools.invalidate();
    expect((await me.client.post('/api/v1/tools/video-tools/uses', { subject: 'x' })).code).toBe(ErrorCode.FEATURE_MISSING);
    await t.handle.db.updateTable('writing_tools').set({ enabled: 1 }).where('id', '=', 'video-tools').execute();
    t.services.writingTools.invalidate();
    expect(await me.left()).toBe(before - 1);

    const anonymous = t.client();
    expect((await anonymous.post('/api/v1/tools/video-tools/uses', { subject: 'x' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});
