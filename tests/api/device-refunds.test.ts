import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import type { ToolUseResult } from '@contracts/tool-use.js';
import { apiUseAccount } from '../helpers/admin-clients.js';
import { captureLogs } from '../helpers/log-capture.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';

/** One refund rule for every device-side use: tool uses and browser conversions share one daily budget. */
describe.each(testDialects())('device-side refunds on %s', (dialect) => {
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, null, undefined, { logger: logs.logger });
  });
  afterAll(() => t.close());

  const account = (prefix: string) => apiUseAccount(t, prefix);
  const spend = async (client: Awaited<ReturnType<typeof account>>['client']) => {
    const res = await client.post<ToolUseResult>('/api/v1/tools/video-tools/uses', { subject: 'clip.mp4' });
    expect(res.code).toBe(ErrorCode.OK);
    return res.data.useId;
  };
  const refundLines = (userId: string) => logs.lines.filter((l) => l.userId === userId && typeof l.msg === 'string' && l.msg.startsWith('device-side refund'));

  it('15 tool uses then 15 refunds: past the budget refused with 42902, the units stay spent, every decision logged', async () => {
    const me = await account('dr');
    const before = await me.left();
    const uses: string[] = [];
    for (let i = 0; i < 15; i++) uses.push(await spend(me.client));
    expect(await me.left()).toBe(before - 15);

    const answers = [];
    for (const useId of uses) answers.push(await me.client.post(`/api/v1/tools/uses/${useId}/refund`, {}));
    // 15 started today: min(3, max(1, floor(10% × 15))) = 1 refund.
    expect(answers.map((a) => a.code)).toEqual([ErrorCode.OK, ...Array.from({ length: 14 }, () => ErrorCode.REFUND_BUDGET_SPENT)]);
    expect(answers[1]!.data).toMatchObject({ allowed: 1 });
    expect(await me.left()).toBe(before - 14);
    // Asking again changes nothing: the refunded use stays refunded once, the refused ones stay spent.
    expect((await me.client.post(`/api/v1/tools/uses/${uses[0]!}/refund`, {})).code).toBe(ErrorCode.OK);
    expect((await me.client.post(`/api/v1/tools/uses/${uses[1]!}/refund`, {})).code).toBe(ErrorCode.REFUND_BUDGET_SPENT);
    expect(await me.left()).toBe(before - 14);

    const lines = refundLines(me.id);
    expect(lines.filter((l) => l.msg === 'device-side refund granted').map((l) => l.useId)).toEqual([uses[0]]);
    const refused = lines.filter((l) => l.msg === 'device-side refund refused');
    expect(refused.map((l) => l.useId)).toEqual([...uses.slice(1), uses[1]]);
    expect(refused[0]).toMatchObject({ kind: 'tool-use', toolId: 'video-tools', units: 1, allowed: 1, reason: 'budget' });
  });

  it('a browser conversion and a tool use draw on the same budget, in either order', async () => {
    const convert = async (client: Awaited<ReturnType<typeof account>>['client']) => {
      const res = await client.post<{ documentId: string }>('/api/v1/document/convert', { convertType: 'excel-to-json', engine: 'browser', files: [{ name: 'a.xlsx', size: 1 }] });
      expect(res.code).toBe(ErrorCode.OK);
      return res.data.documentId;
    };
    const fail = (client: Awaited<ReturnType<typeof account>>['client'], documentId: string) =>
      client.post<{ status: number }>(`/api/v1/document/${documentId}/complete`, { success: false, reason: 'unreadable' });

    // Tool use refunded first: the conversion's failure finds the day's one refund taken.
    const a = await account('da');
    const beforeA = await a.left();
    const useA = await spend(a.client);
    const docA = await convert(a.client);
    expect((await a.client.post(`/api/v1/tools/uses/${useA}/refund`, {})).code).toBe(ErrorCode.OK);
    expect((await fail(a.client, docA)).data.status).toBe(2);
    expect(await a.left()).toBe(beforeA - 1);
    expect(refundLines(a.id).map((l) => [l.kind, l.msg])).toEqual([
      ['tool-use', 'device-side refund granted'],
      ['browser-conversion', 'device-side refund refused'],
    ]);

    // Conversion refunded first: the tool use's refund is refused.
    const b = await account('db');
    const beforeB = await b.left();
    const docB = await convert(b.client);
    const useB = await spend(b.client);
    expect((await fail(b.client, docB)).data.status).toBe(2);
    expect((await b.client.post(`/api/v1/tools/uses/${useB}/refund`, {})).code).toBe(ErrorCode.REFUND_BUDGET_SPENT);
    expect(await b.left()).toBe(beforeB - 1);
  });

  it('a use the server ran (a bot answer, a translated page, an automation run) is never refunded through this route', async () => {
    const me = await account('ds');
    const before = await me.left();
    const { useId } = await t.services.toolUsage.charge(me.id, 'qa-bot', 'bot-1');
    const res = await me.client.post(`/api/v1/tools/uses/${useId}/refund`, {});
    expect([res.code, res.data]).toEqual([ErrorCode.FORBIDDEN, { reason: 'notOnDevice' }]);
    expect(await me.left()).toBe(before - 1);
  });
});
