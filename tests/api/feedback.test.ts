import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_CATEGORIES, type Conversation } from '@contracts/feedback.js';
import { DEFAULT_RATE_LIMITS } from '../../api/http/rate-limit-rules.js';
import { createFeedbackService } from '../../api/services/feedback.service.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const PASSWORD = 'Sunny-Day7';
/** Low enough to reach in a test; the other tests each use a fresh user, so they stay under it. */
const FEEDBACK_LIMIT = 5;
let seq = 0;

describe.each(testDialects())('feedback on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { rateLimits: { ...DEFAULT_RATE_LIMITS, feedbackPerUser: { points: FEEDBACK_LIMIT, durationS: 3600 } } });
  });
  afterAll(() => t.close());

  async function newUser(): Promise<{ c: TestClient; userId: string; email: string }> {
    const c = t.client();
    const userId = `fb${++seq}${Math.random().toString(36).slice(2, 6)}`;
    const email = `${userId}@example.com`;
    const res = await c.post('/api/v1/user/register', { userId, password: PASSWORD, email, agree: true });
    expect(res.code).toBe(200);
    return { c, userId, email };
  }

  const send = (c: TestClient, body: Record<string, unknown>) => c.post<Conversation>('/api/v1/contactus/feedback', body);
  const list = (c: TestClient) => c.get<Conversation[]>('/api/v1/contactus/feedback');
  const first = { subject: 'Export fails', content: 'The PDF export stops at 90%.', category: 'ISSUE' };

  describe('happy path', () => {
    it('serves the spec\'s categories to anyone', async () => {
      const res = await t.client().get<string[]>('/api/v1/contactus/category');
      expect(res.code).toBe(200);
      expect(res.data).toEqual(['ISSUE', 'REQUIREMENT', 'SUGGESTION', 'FUNCTION', 'USAGE', 'PAYMENT', 'OTHERS']);
      expect(res.data).toEqual([...FEEDBACK_CATEGORIES]);
    });

    it('opens a conversation, takes a follow-up into the same one, and lists both messages in order', async () => {
      const { c, userId, email } = await newUser();
      const created = await send(c, { ...first, email, userId });
      expect(created.code).toBe(200);
      expect(created.data).toMatchObject({ subject: 'Export fails', category: 'ISSUE', email, status: 'open' });
      expect(created.data.messages).toEqual([expect.objectContaining({ type: 'feedback', author: userId, content: first.content })]);
      const { conversationId } = created.data;

      const followUp = await send(c, { content: 'It also happens with small files.', conversationId });
      expect(followUp.code).toBe(200);
      expect(followUp.data.conversationId).toBe(conversationId);
      expect(followUp.data.messages.map((m) => m.content)).toEqual([first.content, 'It also happens with small files.']);

      const other = await send(c, { subject: 'Dark mode', content: 'Please add a dark theme.', category: 'SUGGESTION', email });
      expect(other.code).toBe(200);
      expect(other.data.conversationId).not.toBe(conversationId);

      const mine = await list(c);
      expect(mine.code).toBe(200);
      // Latest activity first; each conversation with its own messages, oldest first.
      expect(mine.data.map((x) => x.subject)).toEqual(['Dark mode', 'Export fails']);
      expect(mine.data[1]!.messages.map((m) => [m.type, m.content])).toEqual([
        ['feedback', first.content],
        ['feedback', 'It also happens with small files.'],
      ]);
      const times = mine.data[1]!.messages.map((m) => Date.parse(m.createTime));
      expect(times[1]!).toBeGreaterThan(times[0]!);
    });

    it('stores what was sent: trimmed texts, the e-mail given, a follow-up\'s new e-mail', async () => {
      const { c } = await newUser();
      const created = await send(c, { subject: '  Spaces  ', content: '  padded  ', category: 'USAGE', email: 'reach.me@example.com' });
      expect(created.data).toMatchObject({ subject: 'Spaces', email: 'reach.me@example.com' });
      expect(created.data.messages[0]!.content).toBe('padded');
      const followUp = await send(c, { content: 'new address', email: 'other@example.com', conversationId: created.data.conversationId });
      expect(followUp.data.email).toBe('other@example.com');
      // A follow-up keeps the conversation's subject and category whatever it carries.
      const ignored = await send(c, { content: 'again', subject: 'Changed', category: 'PAYMENT', conversationId: created.data.conversationId });
      expect(ignored.data).toMatchObject({ subject: 'Spaces', category: 'USAGE' });
    });

    it('shows staff replies in the user\'s conversation, marked as replies, and a follow-up reopens it', async () => {
      const { c, email } = await newUser();
      const created = await send(c, { ...first, email });
      const staff = createFeedbackService(t.handle.db);
      const replied = await staff.reply(created.data.conversationId, { id: 'staff-id', name: 'Support' }, 'Fixed in today\'s release.');
      expect(replied.status).toBe('replied');

      const mine = (await list(c)).data.find((x) => x.conversationId === created.data.conversationId)!;
      expect(mine.status).toBe('replied');
      expect(mine.messages.map((m) => [m.type, m.author, m.content])).toEqual([
        ['feedback', expect.any(String), first.content],
        ['reply', 'Support', 'Fixed in today\'s release.'],
      ]);

      const again = await send(c, { content: 'Thanks, works now.', conversationId: created.data.conversationId });
      expect(again.data.status).toBe('open');
      expect(again.data.messages.map((m) => m.type)).toEqual(['feedback', 'reply', 'feedback']);
    });

    it('accepts exactly 100 characters of content', async () => {
      const { c, email } = await newUser();
      const res = await send(c, { ...first, content: 'x'.repeat(100), email });
      expect(res.code).toBe(200);
      expect(res.data.messages[0]!.content).toHaveLength(100);
    });
  });

  describe('errors', () => {
    it('40001 with a key per field: subject, content over 100, category not in the list, e-mail invalid', async () => {
      const { c } = await newUser();
      const res = await send(c, { subject: '', content: 'y'.repeat(101), category: 'COMPLAINT', email: 'not-an-email' });
      expect(res.code).toBe(40001);
      expect(res.data).toEqual({
        subject: 'validation.feedbackSubjectRequired',
        content: 'validation.feedbackContentTooLong',
        category: 'validation.feedbackCategoryInvalid',
        email: 'validation.emailInvalid',
      });
      const missing = await send(c, { content: '   ' });
      expect(missing.code).toBe(40001);
      expect(missing.data).toEqual({
        content: 'validation.feedbackContentRequired',
        subject: 'validation.feedbackSubjectRequired',
        category: 'validation.feedbackCategoryRequired',
        email: 'validation.emailRequired',
      });
      const long = await send(c, { ...first, subject: 's'.repeat(101), email: 'a@example.com' });
      expect(long.data).toEqual({ subject: 'validation.feedbackSubjectTooLong' });
      // Nothing was stored by the refused requests.
      expect((await list(c)).data).toEqual([]);
    });

    it('40404 for a follow-up into an unknown conversation', async () => {
      const { c } = await newUser();
      const res = await send(c, { content: 'hello', conversationId: 'no-such-conversation' });
      expect(res.code).toBe(40404);
    });
  });

  describe('security', () => {
    it('anonymous callers get 40202 for sending and listing, even with a bad body', async () => {
      const anon = t.client();
      expect((await send(anon, { ...first, email: 'a@example.com' })).code).toBe(40202);
      expect((await send(anon, { content: '' })).code).toBe(40202);
      expect((await list(anon)).code).toBe(40202);
    });

    it('refuses a follow-up into someone else\'s conversation with 40404 and leaves it untouched', async () => {
      const alice = await newUser();
      const mallory = await newUser();
      const created = await send(alice.c, { ...first, email: alice.email });
      const res = await send(mallory.c, { content: 'injected', conversationId: created.data.conversationId });
      expect(res.code).toBe(40404);
      expect((await list(mallory.c)).data).toEqual([]);
      const alices = (await list(alice.c)).data;
      expect(alices).toHaveLength(1);
      expect(alices[0]!.messages.map((m) => m.content)).toEqual([first.content]);
    });

    it('the writer is the session\'s user: a body naming another user is refused (40301)', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const res = await send(alice.c, { ...first, email: alice.email, userId: bob.userId });
      expect(res.code).toBe(40301);
      expect((await list(bob.c)).data).toEqual([]);
      expect((await list(alice.c)).data).toEqual([]);
      // Their own id, in any case, is fine.
      expect((await send(alice.c, { ...first, email: alice.email, userId: alice.userId.toUpperCase() })).code).toBe(200);
    });

    it('each user lists only their own conversations', async () => {
      const alice = await newUser();
      const bob = await newUser();
      await send(alice.c, { ...first, email: alice.email });
      await send(bob.c, { ...first, subject: 'Bob here', email: bob.email });
      expect((await list(alice.c)).data.map((x) => x.subject)).toEqual(['Export fails']);
      expect((await list(bob.c)).data.map((x) => x.subject)).toEqual(['Bob here']);
    });

    it('rate-limits sending per user with 42901 and Retry-After', async () => {
      const { c, email } = await newUser();
      for (let i = 0; i < FEEDBACK_LIMIT; i++) expect((await send(c, { ...first, content: `try ${i}`, email })).code).toBe(200);
      const limited = await send(c, { ...first, email });
      expect(limited.status).toBe(429);
      expect(limited.code).toBe(42901);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await list(c)).data).toHaveLength(FEEDBACK_LIMIT);
      // Another user is not affected.
      const other = await newUser();
      expect((await send(other.c, { ...first, email: other.email })).code).toBe(200);
    });
  });
});
