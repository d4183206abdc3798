import { createHash } from 'node:crypto';
import { startSweeper } from '../../api/jobs/sweeper.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@contracts/user.js';
import { ADMIN_TEST_PASSWORD, createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const PASSWORD = 'Sunny-Day7';
let seq = 0;
const newUser = () => {
  seq += 1;
  const id = `user${seq}${Math.random().toString(36).slice(2, 7)}`;
  return { userId: id, password: PASSWORD, email: `${id}@example.com`, name: '小明', agree: true as const };
};

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function registered(): Promise<{ c: TestClient; u: ReturnType<typeof newUser> }> {
    const c = t.client();
    const u = newUser();
    const res = await c.post<UserInfo>('/api/v1/user/register', u);
    expect(res.code).toBe(200);
    return { c, u };
  }

  describe('happy', () => {
    it('register → userInfo → update → logout → login', async () => {
      const c = t.client();
      const u = newUser();
      const anon = await c.get<{ logId: string }>('/api/v1/userInfo');
      expect(anon.code).toBe(40202);
      expect(anon.data.logId).toMatch(/^[0-9a-f-]{36}$/);

      const reg = await c.post<UserInfo>('/api/v1/user/register', u);
      expect(reg.code).toBe(200);
      expect(reg.data).toEqual({ userId: u.userId, email: u.email, name: '小明', phone: '', gender: null, birthday: '', mgr: false, google: false });
      const sid = reg.headers.getSetCookie().find((l) => l.startsWith('sid='));
      expect(sid).toMatch(/HttpOnly/i);
      expect(sid).toMatch(/SameSite=Lax/i);

      expect((await c.get<UserInfo>('/api/v1/userInfo')).data.userId).toBe(u.userId);

      const upd = await c.post<UserInfo>('/api/v1/user/update', { name: 'Ming', phone: '+86 138 0000 0000', gender: 'male', birthday: '1990-02-03' });
      expect(upd.code).toBe(200);
      expect(upd.data).toMatchObject({ name: 'Ming', phone: '+86 138 0000 0000', gender: 'male', birthday: '1990-02-03' });

      expect((await c.get('/api/v1/user/logout')).code).toBe(200);
      expect((await c.get('/api/v1/userInfo')).code).toBe(40202);

      const login = await c.post<UserInfo>('/api/v1/user/login', { userId: u.userId.toUpperCase(), password: PASSWORD, logId: anon.data.logId });
      expect(login.code).toBe(200);
      expect(login.data.name).toBe('Ming');
    });

    it('logs in with the e-mail address', async () => {
      const { u } = await registered();
      const res = await t.client().post<UserInfo>('/api/v1/user/login', { userId: u.email.toUpperCase(), password: PASSWORD });
      expect(res.code).toBe(200);
      expect(res.data.userId).toBe(u.userId);
    });

    it('the seeded admin is a manager', async () => {
      const res = await t.client().post<UserInfo>('/api/v1/user/login', { userId: 'admin', password: ADMIN_TEST_PASSWORD });
      expect(res.code).toBe(200);
      expect(res.data.mgr).toBe(true);
    });

    it('changes the password with the old one, and the new one works', async () => {
      const { c, u } = await registered();
      const res = await c.post('/api/v1/user/update', { oldPwd: PASSWORD, pwd: 'Winter-Night9' });
      expect(res.code).toBe(200);
      expect((await t.client().post('/api/v1/user/login', { userId: u.userId, password: PASSWORD })).code).toBe(40101);
      expect((await t.client().post('/api/v1/user/login', { userId: u.userId, password: 'Winter-Night9' })).code).toBe(200);
    });

    it('account/check tells whether an id is free, case-insensitively', async () => {
      const { u } = await registered();
      const c = t.client();
      expect((await c.get<{ available: boolean }>(`/api/v1/account/check?userId=${u.userId.toUpperCase()}`)).data.available).toBe(false);
      expect((await c.get<{ available: boolean }>('/api/v1/account/check?userId=nobody-here')).data.available).toBe(true);
      expect((await c.get('/api/v1/account/check?userId=')).code).toBe(40001);
    });
  });

  describe('errors', () => {
    it('one message for an unknown user and a wrong password', async () => {
      const { u } = await registered();
      const wrong = await t.client().post('/api/v1/user/login', { userId: u.userId, password: 'Not-his-pw1' });
      const unknown = await t.client().post('/api/v1/user/login', { userId: 'no-such-user', password: 'Not-his-pw1' });
      expect(wrong.code).toBe(40101);
      expect(unknown.code).toBe(40101);
      expect(wrong.msg).toBe(unknown.msg);
    });

    it('refuses weak passwords with the rule key', async () => {
      for (const password of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
        const res = await t.client().post<Record<string, string>>('/api/v1/user/register', { ...newUser(), password });
        expect(res.code).toBe(40001);
        expect(res.data.password).toBe('validation.passwordRule');
      }
    });

    it('names each invalid field', async () => {
      const res = await t.client().post<Record<string, string>>('/api/v1/user/register', { userId: '', password: '', email: 'not-an-email' });
      expect(res.code).toBe(40001);
      expect(res.data).toEqual({
        userId: 'validation.userIdRequired',
        password: 'validation.passwordRequired',
        email: 'validation.emailInvalid',
        agree: 'validation.agreeRequired',
      });
    });

    it('answers 40901 for a taken user id or e-mail', async () => {
      const { u } = await registered();
      const sameId = await t.client().post<Record<string, string>>('/api/v1/user/register', { ...newUser(), userId: u.userId.toUpperCase() });
      expect(sameId.code).toBe(40901);
      expect(sameId.data.userId).toBe('validation.userIdTaken');
      const sameEmail = await t.client().post<Record<string, string>>('/api/v1/user/register', { ...newUser(), email: u.email });
      expect(sameEmail.code).toBe(40901);
      expect(sameEmail.data.email).toBe('validation.emailTaken');
    });

    it('a password change needs the right old password', async () => {
      const { c } = await registered();
      expect((await c.post<Record<string, string>>('/api/v1/user/update', { pwd: 'Winter-Night9' })).data).toEqual({ oldPwd: 'validation.oldPasswordRequired' });
      const wrong = await c.post('/api/v1/user/update', { oldPwd: 'Wrong-Old1', pwd: 'Winter-Night9' });
      expect(wrong.code).toBe(40101);
    });

    it('malformed JSON is a validation error, not a 500', async () => {
      const res = await t.client().post('/api/v1/user/login', null, { rawBody: '{"userId":' });
      expect(res.code).toBe(40001);
      expect(res.status).toBe(200);
    });

    it('unknown API paths answer 40404', async () => {
      const res = await t.client().get('/api/v1/nope');
      expect(res.status).toBe(404);
      expect(res.code).toBe(40404);
    });
  });

  describe('security', () => {
    it('refuses state-changing requests without, or with a wrong, XSRF token', async () => {
      const c = t.client();
      await c.get('/api/v1/userInfo');
      const none = await c.post('/api/v1/user/register', newUser(), { xsrf: false });
      expect(none.status).toBe(403);
      expect(none.code).toBe(40302);
      const forged = await c.post('/api/v1/user/register', newUser(), { xsrf: 'abc.def' });
      expect(forged.code).toBe(40302);
    });

    it('an XSRF token of one session fails for another', async () => {
      const { c: a } = await registered();
      const { c: b } = await registered();
      const res = await b.post('/api/v1/user/update', { name: 'x' }, { headers: {}, xsrf: a.xsrfToken! });
      expect(res.code).toBe(40302);
    });

    it('anything that needs a user answers 40202 when signed out', async () => {
      const res = await t.client().post<{ logId: string }>('/api/v1/user/update', { name: 'x' });
      expect(res.code).toBe(40202);
      expect(res.data.logId).toBeTruthy();
    });

    it('a session copied before logout is dead after it', async () => {
      const { c } = await registered();
      const stolen = t.client();
      for (const [k, v] of c.cookies) stolen.cookies.set(k, v);
      expect((await stolen.get('/api/v1/userInfo')).code).toBe(200);
      await c.get('/api/v1/user/logout');
      expect((await stolen.get('/api/v1/userInfo')).code).toBe(40202);
      expect((await stolen.post('/api/v1/user/update', { name: 'hijack' })).code).not.toBe(200);
    });

    it('a client that keeps a dead session cookie after logout can still log in', async () => {
      const { c, u } = await registered();
      const dead = c.cookies.get('sid')!;
      await c.get('/api/v1/user/logout');
      c.cookies.set('sid', dead);
      expect((await c.get('/api/v1/userInfo')).code).toBe(40202);
      expect((await c.post('/api/v1/user/login', { userId: u.userId, password: PASSWORD })).code).toBe(200);
    });

    it('login renews the session id', async () => {
      const { c, u } = await registered();
      const before = c.cookies.get('sid');
      await c.post('/api/v1/user/login', { userId: u.userId, password: PASSWORD });
      const after = c.cookies.get('sid');
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);
      const old = t.client();
      old.cookies.set('sid', before!);
      expect((await old.get('/api/v1/userInfo')).code).toBe(40202);
    });

    it('a password change ends the other sessions but keeps this one', async () => {
      const { c, u } = await registered();
      const other = t.client();
      expect((await other.post('/api/v1/user/login', { userId: u.userId, password: PASSWORD })).code).toBe(200);
      expect((await c.post('/api/v1/user/update', { oldPwd: PASSWORD, pwd: 'Autumn-Leaf3' })).code).toBe(200);
      expect((await c.get('/api/v1/userInfo')).code).toBe(200);
      expect((await other.get('/api/v1/userInfo')).code).toBe(40202);
    });

    it('throttles repeated failures per account with 429 and Retry-After, even with the right password', async () => {
      const { u } = await registered();
      const c = t.client();
      for (let i = 0; i < t.config.loginThrottle.maxPerAccount; i++) {
        expect((await c.post('/api/v1/user/login', { userId: u.userId, password: 'Wrong-pass1' })).code).toBe(40101);
      }
      const locked = await c.post('/api/v1/user/login', { userId: u.email, password: PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.code).toBe(42901);
      const retry = Number(locked.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(t.config.loginThrottle.windowMs / 1000);
    });

    it('throttles repeated failures per address across accounts', async () => {
      const tp = await createTestApp(dialect);
      try {
        const c = tp.client();
        const headers = { 'x-forwarded-for': '203.0.113.9' };
        for (let i = 0; i < tp.config.loginThrottle.maxPerAddress; i++) {
          await c.post('/api/v1/user/login', { userId: `ghost${i}`, password: 'Wrong-pass1' }, { headers });
        }
        const res = await c.post('/api/v1/user/login', { userId: 'admin', password: ADMIN_TEST_PASSWORD }, { headers });
        expect(res.code).toBe(42901);
        const elsewhere = await c.post('/api/v1/user/login', { userId: 'admin', password: ADMIN_TEST_PASSWORD }, { headers: { 'x-forwarded-for': '198.51.100.7' } });
        expect(elsewhere.code).toBe(200);
        tp.advance(tp.config.loginThrottle.windowMs + 1000);
        expect((await c.post('/api/v1/user/login', { userId: 'admin', password: ADMIN_TEST_PASSWORD }, { headers })).code).toBe(200);
      } finally {
        await tp.close();
      }
    });

    it('password hashes are argon2id, never the password', async () => {
      const { u } = await registered();
      const row = await t.handle.db.selectFrom('users').select('password_hash').where('user_id', '=', u.userId).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
    });

    it('expired sessions are purged by the sweeper, live ones kept', async () => {
      const { c } = await registered();
      const hash = createHash('sha256').update(c.cookies.get('sid')!).digest('hex');
      const count = async () => (await t.handle.db.selectFrom('sessions').select('token_hash').where('token_hash', '=', hash).execute()).length;
      const stop = startSweeper(t.handle.db, t.store, { intervalMs: 60_000, now: () => Date.now(), onError: () => undefined });
      stop();
      await new Promise((r) => setTimeout(r, 200));
      expect(await count()).toBe(1);
      const later = startSweeper(t.handle.db, t.store, { intervalMs: 60_000, now: () => Date.now() + t.config.sessionTtlMs + 1000, onError: () => undefined });
      later();
      for (let i = 0; i < 100 && (await count()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await count()).toBe(0);
    });

    it('sessions are stored hashed', async () => {
      const { c } = await registered();
      const sid = c.cookies.get('sid');
      expect(sid).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const rows = await t.handle.db.selectFrom('sessions').select('token_hash').execute();
      // The row holds the token's SHA-256 and never the token itself.
      expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(sid!).digest('hex'));
      expect(rows.map((r) => r.token_hash)).not.toContain(sid);
    });
  });

  describe('system', () => {
    it('health reports the database', async () => {
      const res = await t.client().get<{ status: string; database: string }>('/api/v1/health');
      expect(res.data).toMatchObject({ status: 'ok', database: dialect });
      expect(res.headers.get('x-request-id')).toBeTruthy();
    });

    it('publishes OpenAPI with the account routes', async () => {
      const res = await t.app.request('/api/v1/openapi.json');
      const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toBe('3.1.0');
      for (const p of ['/user/register', '/user/login', '/user/logout', '/userInfo', '/user/update', '/account/check', '/health']) {
        expect(doc.paths).toHaveProperty(p);
      }
    });
  });
});
