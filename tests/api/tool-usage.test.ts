import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import { AppError } from '../../api/http/app-error.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'spent';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
};

describe.each(testDialects())('AI tool quota on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A new account (with the trial's 20 TYPE_API units), by its internal id. */
  async function newUser(): Promise<string> {
    const { userId } = await userClient(t, 'tu');
    const row = await t.handle.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return row.id;
  }
  const left = async (userId: string) => {
    const rows = await t.handle.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', userId).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((sum, r) => sum + r.avail_quota, 0);
  };
  async function setTool(change: { enabled?: number; cost?: number }) {
    await t.handle.db.updateTable('writing_tools').set(change).where('id', '=', 'qa-bot').execute();
    t.services.writingTools.invalidate();
  }

  it('spends the tool cost from the live package and gives it back exactly once', async () => {
    const user = await newUser();
    await setTool({ enabled: 1, cost: 3 });
    const before = await left(user);
    const charge = await t.services.toolUsage.charge(user, 'qa-bot', 'bot-1');
    expect(charge.units).toBe(3);
    expect(await left(user)).toBe(before - 3);
    await Promise.all([t.services.toolUsage.refund(charge.useId), t.services.toolUsage.refund(charge.useId)]);
    await t.services.toolUsage.refund(charge.useId);
    expect(await left(user)).toBe(before);
    await setTool({ cost: 1 });
  });

  it('refuses a switched-off tool, an account without packages and an exhausted one, spending nothing', async () => {
    const user = await newUser();
    const before = await left(user);
    await setTool({ enabled: 0 });
    expect(await codeOf(t.services.toolUsage.charge(user, 'qa-bot', 'x'))).toBe(ErrorCode.FEATURE_MISSING);
    expect(await left(user)).toBe(before);
    await setTool({ enabled: 1, cost: before + 1 });
    expect(await codeOf(t.services.toolUsage.charge(user, 'qa-bot', 'x'))).toBe(ErrorCode.NO_CONVERSIONS_LEFT);
    expect(await left(user)).toBe(before);
    await setTool({ cost: 1 });
    await t.handle.db.deleteFrom('user_quotas').where('user_id', '=', user).execute();
    expect(await codeOf(t.services.toolUsage.charge(user, 'qa-bot', 'x'))).toBe(ErrorCode.FEATURE_MISSING);
  });

  it('never spends more than is left under concurrent uses', async () => {
    const user = await newUser();
    await t.handle.db.updateTable('user_quotas').set({ avail_quota: 2 }).where('user_id', '=', user).where('quota_type', '=', 'TYPE_API').execute();
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => codeOf(t.services.toolUsage.charge(user, 'qa-bot', 'x'))));
    expect(outcomes.filter((o) => o === 'spent')).toHaveLength(2);
    expect(outcomes.filter((o) => o === ErrorCode.NO_CONVERSIONS_LEFT)).toHaveLength(4);
    expect(await left(user)).toBe(0);
  });
});
