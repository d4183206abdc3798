import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limit } from '@contracts/quota.js';
import type { RegisterAnswer } from '@contracts/user.js';
import { normalizeEmail } from '../../api/services/email-identity.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const PASSWORD = 'Sunny-Day7';
const TRIAL = 20;
let seq = 0;
const uid = (prefix: string) => `${prefix}${++seq}${Math.random().toString(36).slice(2, 7)}`;

async function register(t: TestApp, email: string): Promise<{ c: TestClient; res: RegisterAnswer }> {
  const c = t.client();
  const res = await c.post<RegisterAnswer>('/api/v1/user/register', { userId: uid('tr'), password: PASSWORD, email, agree: true });
  expect(res.code).toBe(200);
  return { c, res: res.data };
}
const conversionsLeft = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;

describe('normalizeEmail', () => {
  it('lower-cases, drops +tags, and drops dots where the provider ignores them', () => {
    expect(normalizeEmail('A+1@Example.com')).toBe('a@example.com');
    expect(normalizeEmail('a.b@example.com')).toBe('a.b@example.com');
    expect(normalizeEmail('A.B+news@gmail.com')).toBe('ab@gmail.com');
    expect(normalizeEmail('a.b@googlemail.com')).toBe('ab@gmail.com');
  });
});

describe.each(testDialects())('free trial once per mailbox on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('a+1@ after a@ registers, without a second trial', async () => {
    const local = uid('a');
    const first = await register(t, `${local}@example.com`);
    expect(first.res.emailVerificationPending).toBeUndefined();
    expect(await conversionsLeft(first.c)).toBe(TRIAL);
    const second = await register(t, `${local}+1@example.com`);
    expect(await conversionsLeft(second.c)).toBe(0);
    expect((await second.c.get<unknown[]>('/api/v1/my/quota')).data).toEqual([]);
  });

  it('a.b@gmail after ab@gmail (and googlemail) gets no second trial; another mailbox does', async () => {
    const [x, y] = [uid('p'), uid('q')];
    expect(await conversionsLeft((await register(t, `${x}${y}@gmail.com`)).c)).toBe(TRIAL);
    expect(await conversionsLeft((await register(t, `${x}.${y}@gmail.com`)).c)).toBe(0);
    expect(await conversionsLeft((await register(t, `${x.toUpperCase()}.${y}+z@googlemail.com`)).c)).toBe(0);
    expect(await conversionsLeft((await register(t, `${x}.${y}@example.com`)).c)).toBe(TRIAL);
  });

  it('racing registrations of one mailbox get one trial between them', async () => {
    const local = uid('race');
    const all = await Promise.all(Array.from({ length: 6 }, (_, i) => register(t, `${local}+${i}@example.com`)));
    const left = await Promise.all(all.map(({ c }) => conversionsLeft(c)));
    expect(left.filter((n) => n === TRIAL)).toHaveLength(1);
    expect(left.filter((n) => n === 0)).toHaveLength(5);
  });
});

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtp(): Promise<{ url: string; mails: string[]; close(): Promise<void> }> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The verification link's path and query in a raw mail (quoted-printable soft breaks undone). */
function linkIn(raw: string): string {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const m = /https?:\/\/[^/\s"]+(\/api\/v1\/user\/verify\?token=[A-Za-z0-9_%-]+)/.exec(decoded);
  if (!m) throw new Error(`no verification link in:\n${raw}`);
  return m[1]!;
}

describe.each(testDialects())('e-mail verification with SMTP on %s', (dialect) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(dialect, { smtpUrl: smtp.url, mailFrom: 'DocuFlow <no-reply@docuflow.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailTo = (email: string) => smtp.mails.find((m) => m.includes(`To: ${email}`));

  it('the trial arrives only after the link in the mail is opened, once', async () => {
    const email = `${uid('v')}@example.com`;
    const { c, res } = await register(t, email);
    expect(res.emailVerificationPending).toBe(true);
    expect(await conversionsLeft(c)).toBe(0);
    const mail = mailTo(email);
    expect(mail).toBeDefined();
    const link = linkIn(mail!);

    // Opened from a mail client: no session needed.
    const opened = await t.client().raw(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/verify-email?result=ok');
    expect(await conversionsLeft(c)).toBe(TRIAL);

    const again = await t.client().raw(link);
    expect(again.headers.get('location')).toBe('/verify-email?result=done');
    expect(await conversionsLeft(c)).toBe(TRIAL);
    expect((await c.post<{ pending: boolean }>('/api/v1/user/verify/resend', null)).data).toEqual({ pending: false });
  });

  it('a verified +tag of a mailbox that had the trial gets none', async () => {
    const local = uid('w');
    const first = await register(t, `${local}@example.com`);
    await t.client().raw(linkIn(mailTo(`${local}@example.com`)!));
    expect(await conversionsLeft(first.c)).toBe(TRIAL);
    const second = await register(t, `${local}+2@example.com`);
    const opened = await t.client().raw(linkIn(mailTo(`${local}+2@example.com`)!));
    expect(opened.headers.get('location')).toBe('/verify-email?result=ok');
    expect(await conversionsLeft(second.c)).toBe(0);
  });

  it('a wrong, an expired or a missing token verifies nothing; a new link can be asked for', async () => {
    const email = `${uid('x')}@example.com`;
    const { c } = await register(t, email);
    const link = linkIn(mailTo(email)!);
    expect((await t.client().raw(`${link}x`)).headers.get('location')).toBe('/verify-email?result=invalid');
    expect((await t.client().raw('/api/v1/user/verify')).headers.get('location')).toBe('/verify-email?result=invalid');
    t.advance(49 * 3600 * 1000);
    try {
      expect((await t.client().raw(link)).headers.get('location')).toBe('/verify-email?result=expired');
      expect(await conversionsLeft(c)).toBe(0);
      const before = smtp.mails.length;
      expect((await c.post<{ pending: boolean }>('/api/v1/user/verify/resend', null)).data).toEqual({ pending: true });
      expect(smtp.mails.length).toBe(before + 1);
      const fresh = linkIn(smtp.mails[smtp.mails.length - 1]!);
      expect(fresh).not.toBe(link);
      expect((await t.client().raw(fresh)).headers.get('location')).toBe('/verify-email?result=ok');
      expect(await conversionsLeft(c)).toBe(TRIAL);
    } finally {
      t.advance(-49 * 3600 * 1000);
    }
  });

  it('only the token\'s hash is stored', async () => {
    const email = `${uid('h')}@example.com`;
    await register(t, email);
    const token = decodeURIComponent(linkIn(mailTo(email)!).split('token=')[1]!);
    const rows = await t.handle.db.selectFrom('email_verifications').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });
});
