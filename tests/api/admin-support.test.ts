import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@contracts/admin/audit.js';
import type { AdminConversation, AdminFeedbackPage } from '@contracts/admin/feedback.js';
import type { AdminUser, AdminUserDetail, AdminUserPage } from '@contracts/admin/users.js';
import type { Conversation, FeedbackUnread } from '@contracts/feedback.js';
import type { ProductQuota } from '@contracts/quota.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { createAdminUsersService } from '../../api/services/admin-users.service.js';
import { startGoogleStandIn, type GoogleStandIn } from '../helpers/google-stand-in.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { managerClient, USER_PASSWORD, userClient } from '../helpers/admin-clients.js';

const API = '/api/v1';

describe.each(testDialects())('admin feedback and users on %s', (dialect) => {
  let t: TestApp;
  let manager: TestClient;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await managerClient(t);
    adminId = (await t.handle.db.selectFrom('users').select('id').where('user_id_lower', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const ok = <T>(res: { code: number; data: T; msg: string }): T => {
    expect(res.code, res.msg).toBe(200);
    return res.data;
  };
  const audit = async (query: string) => ok(await manager.get<AuditPage>(`${API}/admin/audit${query}`));
  const send = (c: TestClient, body: Record<string, unknown>) => c.post<Conversation>(`${API}/contactus/feedback`, body);
  const unread = async (c: TestClient) => ok(await c.get<FeedbackUnread>(`${API}/contactus/feedback/unread`)).count;
  const feedbackList = async (query: string) => ok(await manager.get<AdminFeedbackPage>(`${API}/admin/feedback${query}`));
  const reply = (id: string, content: unknown) => manager.post<AdminConversation>(`${API}/admin/feedback/${id}/reply`, { content });

  describe('feedback', () => {
    let alice: Awaited<ReturnType<typeof userClient>>;
    let bob: Awaited<ReturnType<typeof userClient>>;
    const ids = { export: '', dark: '', invoice: '' };

    beforeAll(async () => {
      alice = await userClient(t, 'alice');
      bob = await userClient(t, 'bob');
      ids.export = ok(await send(alice.c, { subject: 'Export FAILS at 90%', content: 'The PDF export stops.', category: 'ISSUE', email: alice.email })).conversationId;
      ids.dark = ok(await send(bob.c, { subject: 'Dark mode', content: 'Please add a dark theme.', category: 'SUGGESTION', email: bob.email })).conversationId;
      ids.invoice = ok(await send(alice.c, { subject: 'Invoice copy', content: 'Need an invoice.', category: 'PAYMENT', email: alice.email })).conversationId;
    });

    it('lists every conversation newest activity first, with its writer, message count and latest message', async () => {
      const page = await feedbackList('');
      const mine = page.list.filter((c) => Object.values(ids).includes(c.conversationId));
      expect(mine.map((c) => c.subject)).toEqual(['Invoice copy', 'Dark mode', 'Export FAILS at 90%']);
      expect(mine[0]).toMatchObject({ userId: alice.userId, email: alice.email, status: 'open', category: 'PAYMENT', messageCount: 1, lastMessage: { type: 'feedback', excerpt: 'Need an invoice.' } });
    });

    it('filters by category and status, searches subject (any case, % literal) and user id prefix, and pages', async () => {
      expect((await feedbackList('?category=SUGGESTION')).list.map((c) => c.conversationId)).toEqual([ids.dark]);
      expect((await feedbackList('?q=export fails')).list.map((c) => c.conversationId)).toEqual([ids.export]);
      expect((await feedbackList('?q=90%25')).list.map((c) => c.conversationId)).toEqual([ids.export]);
      // `%` is a literal, not a wildcard: "9%" appears in no subject.
      expect((await feedbackList('?q=9%25s')).total).toBe(0);
      expect((await feedbackList(`?q=${alice.userId.slice(0, -2).toUpperCase()}`)).list.map((c) => c.conversationId)).toEqual([ids.invoice, ids.export]);
      expect((await feedbackList(`?q=${ids.dark}`)).list.map((c) => c.conversationId)).toEqual([ids.dark]);
      expect((await feedbackList(`?q=${alice.userId}&category=PAYMENT&status=open`)).total).toBe(1);
      expect((await feedbackList(`?q=${alice.userId}&status=replied`)).total).toBe(0);
      const second = await feedbackList(`?q=${alice.userId}&pageSize=1&page=2`);
      expect({ total: second.total, ids: second.list.map((c) => c.conversationId) }).toEqual({ total: 2, ids: [ids.export] });
      // Empty filters are "any"; unknown values are refused.
      expect((await feedbackList('?status=&category=')).total).toBeGreaterThanOrEqual(3);
      expect((await manager.get(`${API}/admin/feedback?status=pending`)).code).toBe(ErrorCode.VALIDATION_FAILED);
      expect((await manager.get(`${API}/admin/feedback?category=BUGS`)).code).toBe(ErrorCode.VALIDATION_FAILED);
    });

    it('replies: the user sees it in their history and 1 unread until their history has shown it', async () => {
      expect(await unread(alice.c)).toBe(0);
      const answered = ok(await reply(ids.export, '  We fixed the export in today\'s release.  '));
      expect(answered).toMatchObject({ status: 'replied', user: { userId: alice.userId, email: alice.email, disabled: false } });
      expect(answered.messages.map((m) => [m.type, m.author, m.content])).toEqual([
        ['feedback', alice.userId, 'The PDF export stops.'],
        ['reply', 'Administrator', 'We fixed the export in today\'s release.'],
      ]);

      const history = ok(await alice.c.get<Conversation[]>(`${API}/contactus/feedback`));
      const conversation = history.find((c) => c.conversationId === ids.export)!;
      expect(conversation).toMatchObject({ status: 'replied', unread: true });
      expect(conversation.messages.at(-1)).toMatchObject({ type: 'reply', content: 'We fixed the export in today\'s release.' });
      // Reading the list is not seeing it: the history says so explicitly.
      expect(await unread(alice.c)).toBe(1);
      expect(await unread(bob.c)).toBe(0);

      // Someone else's ids change nothing.
      expect(ok(await bob.c.post<FeedbackUnread>(`${API}/contactus/feedback/seen`, { conversationIds: [ids.export] })).count).toBe(0);
      expect(await unread(alice.c)).toBe(1);

      expect(ok(await alice.c.post<FeedbackUnread>(`${API}/contactus/feedback/seen`, { conversationIds: history.map((c) => c.conversationId) })).count).toBe(0);
      expect(await unread(alice.c)).toBe(0);
      expect(ok(await alice.c.get<Conversation[]>(`${API}/contactus/feedback`)).find((c) => c.conversationId === ids.export)!.unread).toBe(false);

      // A second reply is unread again.
      ok(await reply(ids.export, 'It is also in the desktop app now.'));
      expect(await unread(alice.c)).toBe(1);
      ok(await alice.c.post(`${API}/contactus/feedback/seen`, { conversationIds: [ids.export] }));
      expect(await unread(alice.c)).toBe(0);

      const entries = await audit(`?action=feedback.reply&targetId=${ids.export}`);
      expect(entries.total).toBe(2);
      expect(entries.list[1]).toMatchObject({ actorId: adminId, actorName: 'admin', targetType: 'feedback', before: { status: 'open' }, after: { status: 'replied', content: 'We fixed the export in today\'s release.' } });
    });

    it('refuses an empty or over-long reply with 40001, takes exactly 2000 characters, and 40404 for an unknown conversation', async () => {
      expect(await reply(ids.dark, '   ')).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, data: { content: 'validation.replyRequired' } });
      expect(await reply(ids.dark, undefined)).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, data: { content: 'validation.replyRequired' } });
      expect(await reply(ids.dark, 'x'.repeat(2001))).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, data: { content: 'validation.replyTooLong' } });
      expect((await audit(`?targetId=${ids.dark}`)).total).toBe(0);
      expect(ok(await reply(ids.dark, 'y'.repeat(2000))).messages.at(-1)!.content).toHaveLength(2000);
      expect((await reply('no-such-conversation', 'hello')).code).toBe(ErrorCode.NOT_FOUND);
      expect((await manager.get(`${API}/admin/feedback/no-such-conversation`)).code).toBe(ErrorCode.NOT_FOUND);
      expect((await manager.post(`${API}/admin/feedback/no-such-conversation/close`, {})).code).toBe(ErrorCode.NOT_FOUND);
    });

    it('closes and reopens once each (audited), shows closed to the user, and a user\'s follow-up opens it again', async () => {
      const close = () => manager.post<AdminConversation>(`${API}/admin/feedback/${ids.invoice}/close`, {});
      const reopen = () => manager.post<AdminConversation>(`${API}/admin/feedback/${ids.invoice}/reopen`, {});
      expect(ok(await close()).status).toBe('closed');
      expect(ok(await close()).status).toBe('closed');
      expect((await feedbackList('?status=closed')).list.map((c) => c.conversationId)).toEqual([ids.invoice]);
      expect(ok(await alice.c.get<Conversation[]>(`${API}/contactus/feedback`)).find((c) => c.conversationId === ids.invoice)!.status).toBe('closed');

      // The user spoke last: reopened as open.
      expect(ok(await reopen()).status).toBe('open');
      expect(ok(await reopen()).status).toBe('open');
      const entries = await audit(`?targetId=${ids.invoice}`);
      expect(entries.list.map((e) => [e.action, e.before, e.after])).toEqual([
        ['feedback.reopen', { status: 'closed' }, { status: 'open' }],
        ['feedback.close', { status: 'open' }, { status: 'closed' }],
      ]);

      // Staff spoke last: reopened as replied. A follow-up into a closed conversation opens it.
      ok(await reply(ids.invoice, 'Sent to your e-mail.'));
      expect(ok(await close()).status).toBe('closed');
      expect(ok(await reopen()).status).toBe('replied');
      ok(await close());
      const followUp = ok(await send(alice.c, { content: 'One more question.', conversationId: ids.invoice }));
      expect(followUp.status).toBe('open');
      // A reply into a closed conversation opens it as replied.
      ok(await close());
      expect(ok(await reply(ids.invoice, 'Answered.')).status).toBe('replied');
    });
  });

  describe('users', () => {
    let carol: Awaited<ReturnType<typeof userClient>>;
    let carolId: string;
    const search = async (q: string) => ok(await manager.get<AdminUserPage>(`${API}/admin/users?q=${encodeURIComponent(q)}`));
    const detail = async (id: string) => ok(await manager.get<AdminUserDetail>(`${API}/admin/users/${id}?lang=en`));

    beforeAll(async () => {
      carol = await userClient(t, 'carol');
      // A second account whose id starts like carol's, so a prefix finds both.
      await userClient(t, `${carol.userId}x`);
      carolId = (await search(carol.userId)).list[0]!.id;
    });

    it('searches by user id or e-mail (any case, prefix; exact match first)', async () => {
      const byId = await search(carol.userId.toUpperCase());
      expect(byId.total).toBe(2);
      expect(byId.list[0]).toMatchObject({ id: carolId, userId: carol.userId, email: carol.email, mgr: false, disabled: false, disabledAt: null });
      expect(byId.list[1]!.userId.startsWith(carol.userId)).toBe(true);
      const byEmail = await search(carol.email.toUpperCase());
      expect(byEmail.list.map((u) => u.id)).toEqual([carolId]);
      expect((await search(carol.userId.slice(0, 6))).list.map((u) => u.id)).toContain(carolId);
      expect((await search('nobody-has-this-id')).total).toBe(0);
      expect((await search('_')).total).toBe(0);
      expect((await search('')).total).toBeGreaterThanOrEqual(3);
      expect((await manager.get(`${API}/admin/users/no-such-id`)).code).toBe(ErrorCode.NOT_FOUND);
    });

    it('shows quotas, orders and usage', async () => {
      ok(await carol.c.post(`${API}/order/create`, { bundleId: 'monthly' }));
      ok(await carol.c.post(`${API}/document/convert`, { convertType: 'excel-to-json', engine: 'browser', files: [{ name: 'a.xlsx', size: 10 }] }));
      const d = await detail(carolId);
      expect(d.user.userId).toBe(carol.userId);
      expect(d.quotas.filter((q) => q.source === 'trial').map((q) => q.quotaType).sort()).toEqual(['TYPE_API', 'TYPE_BATCH_COUNT', 'TYPE_SIZE']);
      expect(d.quotas.find((q) => q.quotaType === 'TYPE_API')).toMatchObject({ productId: 'convert', productName: 'Document converter', quota: 20, availQuota: 19, live: true, bundleName: 'Free trial' });
      expect(d.orders).toEqual([expect.objectContaining({ bundleId: 'monthly', status: 'paying', orderAmount: 999, currency: 'USD', paidAt: null })]);
      expect(d.usage.recent).toEqual([expect.objectContaining({ convertType: 'excel-to-json', engine: 'browser', fileCount: 1, units: 1 })]);
      expect(d.usage.byType).toEqual([{ convertType: 'excel-to-json', count: 1 }]);
      expect(d.products.map((p) => p.productId)).toEqual(expect.arrayContaining(['convert', 'image', 'video', 'ai']));
    });

    it('grants a quota item by hand: /my/quota shows it, and it is audited', async () => {
      const grant = (body: Record<string, unknown>, id = carolId) => manager.post<AdminUserDetail>(`${API}/admin/users/${id}/grant?lang=en`, body);
      expect(await grant({ productId: 'nope', quotaType: 'TYPE_API', quota: 5, validDays: 30 })).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, data: { productId: 'validation.grantProductUnknown' } });
      expect(await grant({ productId: 'convert', quotaType: 'TYPE_GOLD', quota: 0, validDays: 0 })).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        data: { quotaType: 'validation.grantQuotaTypeInvalid', quota: 'validation.grantQuotaInvalid', validDays: 'validation.grantDaysInvalid' },
      });
      expect((await grant({ productId: 'convert', quotaType: 'TYPE_API', quota: 5, validDays: 30 }, 'no-such-id')).code).toBe(ErrorCode.NOT_FOUND);

      const before = Date.now();
      const granted = ok(await grant({ productId: 'convert', quotaType: 'TYPE_API', quota: 150, validDays: 30 }));
      const item = granted.quotas.find((q) => q.source === 'admin')!;
      expect(item).toMatchObject({ productId: 'convert', quotaType: 'TYPE_API', quota: 150, availQuota: 150, live: true, bundleId: 'staff-grant', bundleName: 'Granted by support' });
      expect(Date.parse(item.validDate) - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
      expect(Date.parse(item.validDate) - before).toBeLessThan(30 * 86_400_000 + 60_000);

      const quota = ok(await carol.c.get<ProductQuota[]>(`${API}/my/quota`));
      const convert = quota.find((p) => p.productInfo.productId === 'convert')!;
      expect(convert.quotaInfo).toEqual(expect.arrayContaining([expect.objectContaining({ quotaType: 'TYPE_API', quota: 150, availQuota: 150, bundleId: 'staff-grant' })]));
      // The granted conversions count in what the user may convert now (19 trial + 150).
      expect(ok(await carol.c.get<{ availCount: number }>(`${API}/config/limit`)).availCount).toBe(169);

      const entries = await audit(`?action=user.grant&targetId=${carolId}`);
      expect(entries.list).toEqual([
        expect.objectContaining({ actorName: 'admin', targetType: 'user', before: null, after: expect.objectContaining({ userId: carol.userId, productId: 'convert', quotaType: 'TYPE_API', quota: 150, validDays: 30, grantId: item.grantId }) }),
      ]);
    });

    it('disables an account: its sessions end at once, login is refused with 40304; enable lets it log in again', async () => {
      const dave = await userClient(t, 'dave');
      const daveId = (await search(dave.userId)).list[0]!.id;
      // A second signed-in browser of the same account.
      const other = t.client();
      ok(await other.post(`${API}/user/login`, { userId: dave.userId, password: USER_PASSWORD }));
      ok(await dave.c.get(`${API}/userInfo`));

      const disabled = ok(await manager.post<AdminUser>(`${API}/admin/users/${daveId}/disable`, {}));
      expect(disabled).toMatchObject({ id: daveId, disabled: true });
      expect(disabled.disabledAt).not.toBeNull();
      // The old cookies answer "not logged in" at once (the session cache dropped them too).
      expect((await dave.c.get(`${API}/userInfo`)).code).toBe(ErrorCode.NOT_LOGGED_IN);
      expect((await other.get(`${API}/my/quota`)).code).toBe(ErrorCode.NOT_LOGGED_IN);
      expect(await t.handle.db.selectFrom('sessions').select('token_hash').where('user_id', '=', daveId).execute()).toEqual([]);

      const login = await t.client().post(`${API}/user/login`, { userId: dave.userId, password: USER_PASSWORD });
      expect(login.code).toBe(ErrorCode.ACCOUNT_DISABLED);
      // A wrong password still says only "wrong password": the account's state is not told to a guesser.
      expect((await t.client().post(`${API}/user/login`, { userId: dave.email, password: 'Wrong-Passw0rd' })).code).toBe(ErrorCode.BAD_CREDENTIALS);
      // A second click changes nothing and writes no second entry.
      ok(await manager.post(`${API}/admin/users/${daveId}/disable`, {}));
      expect((await search(dave.userId)).list[0]).toMatchObject({ disabled: true });

      const enabled = ok(await manager.post<AdminUser>(`${API}/admin/users/${daveId}/enable`, {}));
      expect(enabled).toMatchObject({ disabled: false, disabledAt: null });
      const again = t.client();
      expect((await again.post(`${API}/user/login`, { userId: dave.userId, password: USER_PASSWORD })).code).toBe(200);
      expect((await again.get(`${API}/userInfo`)).code).toBe(200);

      const entries = await audit(`?action=user&targetId=${daveId}`);
      expect(entries.list.map((e) => [e.action, e.actorName, e.before, e.after])).toEqual([
        ['user.enable', 'admin', { userId: dave.userId, disabled: true }, { userId: dave.userId, disabled: false }],
        ['user.disable', 'admin', { userId: dave.userId, disabled: false }, { userId: dave.userId, disabled: true, sessionsEnded: 2 }],
      ]);
    });

    it('refuses to disable the manager\'s own account or the last enabled manager', async () => {
      const self = await manager.post(`${API}/admin/users/${adminId}/disable`, {});
      expect(self).toMatchObject({ code: ErrorCode.FORBIDDEN, data: { reason: 'self' } });
      expect((await manager.get(`${API}/userInfo`)).code).toBe(200);
      // Anyone else (here a staff id that is no enabled manager) cannot disable the only manager either.
      const users = createAdminUsersService({ db: t.handle.db, dialect, now: Date.now, sessions: t.services.sessions });
      await expect(users.disable({ id: 'former-staff', name: 'former' }, adminId)).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN, data: { reason: 'lastManager' } });
      expect((await manager.get(`${API}/userInfo`)).code).toBe(200);
      expect((await audit(`?targetId=${adminId}`)).total).toBe(0);
    });

    it('lets exactly one of two managers who disable each other at the same time succeed', async () => {
      const eve = await userClient(t, 'eve');
      const eveId = (await search(eve.userId)).list[0]!.id;
      await t.handle.db.updateTable('users').set({ mgr: 1 }).where('id', '=', eveId).execute();
      t.services.sessions.forgetUser(eveId);
      const [a, b] = await Promise.all([
        manager.post(`${API}/admin/users/${eveId}/disable`, {}),
        eve.c.post(`${API}/admin/users/${adminId}/disable`, {}),
      ]);
      const outcomes = [a.code, b.code].sort();
      // One wins; the other is refused (last manager) or finds its own session already gone.
      expect(outcomes.filter((c) => c === 200)).toHaveLength(1);
      const enabledManagers = await t.handle.db.selectFrom('users').select('id').where('mgr', '=', 1).where('disabled_at', 'is', null).execute();
      expect(enabledManagers).toHaveLength(1);
      // Put things back for the other tests of this file.
      const survivor = enabledManagers[0]!.id;
      if (survivor !== adminId) {
        await t.handle.db.updateTable('users').set({ disabled_at: null }).where('id', '=', adminId).execute();
        manager = await managerClient(t);
      }
    });
  });
});

describe.each(testDialects())('a disabled account and Google sign-in on %s', (dialect) => {
  const APP = 'http://docuflow.test';
  let t: TestApp;
  let google: GoogleStandIn;

  beforeAll(async () => {
    google = await startGoogleStandIn({ redirectUris: [`${APP}/api/v1/auth/google/callback`] });
    t = await createTestApp(dialect, { publicUrl: APP, google: { clientId: google.clientId, clientSecret: google.clientSecret, issuer: google.issuer } });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  /** Start, sign in at the provider, back through the callback: where the app sends the browser. */
  async function signInWithGoogle(c: TestClient, email: string): Promise<URL> {
    const start = await c.get(`${API}/auth/google/start?redirect=/pricing`);
    const back = await google.signIn(start.headers.get('location') ?? '', email);
    const res = await c.get(back.pathname + back.search);
    return new URL(res.headers.get('location') ?? '', APP);
  }

  it('refuses Google sign-in to a disabled account (/login?error=disabled) and lets it in again once enabled', async () => {
    const email = `g${Math.random().toString(36).slice(2, 9)}@example.com`;
    const first = t.client();
    expect((await signInWithGoogle(first, email)).pathname).toBe('/pricing');
    const id = (await t.handle.db.selectFrom('users').select('id').where('email_lower', '=', email).executeTakeFirstOrThrow()).id;
    const manager = await managerClient(t);
    expect((await manager.post(`${API}/admin/users/${id}/disable`, {})).code).toBe(200);
    expect((await first.get(`${API}/userInfo`)).code).toBe(ErrorCode.NOT_LOGGED_IN);

    const refusedBrowser = t.client();
    const refused = await signInWithGoogle(refusedBrowser, email);
    expect(refused.pathname + refused.search).toBe('/login?error=disabled');
    expect((await refusedBrowser.get(`${API}/userInfo`)).code).toBe(ErrorCode.NOT_LOGGED_IN);

    expect((await manager.post(`${API}/admin/users/${id}/enable`, {})).code).toBe(200);
    const again = t.client();
    expect((await signInWithGoogle(again, email)).pathname).toBe('/pricing');
    expect((await again.get(`${API}/userInfo`)).code).toBe(200);
  });
});
