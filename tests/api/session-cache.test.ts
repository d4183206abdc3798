import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSession } from '../../api/repositories/sessions.repository.js';
import { createSessionService } from '../../api/services/session.service.js';
import { sha256 } from '../../api/http/security.js';
import { openTestDb, testDialects } from '../helpers/test-app.js';
import type { DbHandle } from '../../api/db/index.js';

const HOUR = 3600_000;

describe.each(testDialects())('session cache (%s)', (dialect) => {
  let handle: DbHandle;
  let t = 1_000_000;
  const now = () => t;

  beforeAll(async () => {
    handle = await openTestDb(dialect);
  });
  afterAll(() => handle.close());

  async function userWithSession(id: string, token: string, expiresAt = t + HOUR): Promise<void> {
    await handle.db
      .insertInto('users')
      .values({ id, user_id: id, user_id_lower: id, email: `${id}@example.com`, email_lower: `${id}@example.com`, email_normalized: `${id}@example.com`, password_hash: 'x', name: id, phone: '', birthday: '', mgr: 0, google: 0, created_at: t, updated_at: t })
      .execute();
    await insertSession(handle.db, { token_hash: sha256(token), user_id: id, created_at: t, expires_at: expiresAt, ip: '', user_agent: '' });
  }

  it('answers from memory within its window, and reads the database again after it', async () => {
    const sessions = createSessionService(handle.db, HOUR, now, 1000);
    await userWithSession('cached1', 'tok-cached1');
    expect((await sessions.resolve('tok-cached1'))?.name).toBe('cached1');
    // Changed behind the service's back (another instance): not seen inside the window…
    await handle.db.updateTable('users').set({ name: 'renamed' }).where('id', '=', 'cached1').execute();
    t += 500;
    expect((await sessions.resolve('tok-cached1'))?.name).toBe('cached1');
    // …and seen once it has passed.
    t += 600;
    expect((await sessions.resolve('tok-cached1'))?.name).toBe('renamed');
  });

  it('forgets a session it ends and a user it is told about at once', async () => {
    const sessions = createSessionService(handle.db, HOUR, now, 60_000);
    await userWithSession('cached2', 'tok-cached2');
    expect(await sessions.resolve('tok-cached2')).not.toBeNull();
    await handle.db.updateTable('users').set({ name: 'changed' }).where('id', '=', 'cached2').execute();
    sessions.forgetUser('cached2');
    expect((await sessions.resolve('tok-cached2'))?.name).toBe('changed');
    await sessions.destroy('tok-cached2');
    expect(await sessions.resolve('tok-cached2')).toBeNull();
  });

  it('ends other sessions of the user in memory too, and never trusts a session past its expiry', async () => {
    const sessions = createSessionService(handle.db, HOUR, now, 60_000);
    await userWithSession('cached3', 'tok-a', t + 2000);
    await insertSession(handle.db, { token_hash: sha256('tok-b'), user_id: 'cached3', created_at: t, expires_at: t + HOUR, ip: '', user_agent: '' });
    expect(await sessions.resolve('tok-a')).not.toBeNull();
    expect(await sessions.resolve('tok-b')).not.toBeNull();
    expect(await sessions.destroyOthers('cached3', sha256('tok-b'))).toBe(1);
    expect(await sessions.resolve('tok-a')).toBeNull();
    expect(await sessions.resolve('tok-b')).not.toBeNull();

    await userWithSession('cached4', 'tok-short', t + 2000);
    expect(await sessions.resolve('tok-short')).not.toBeNull();
    t += 2500;
    expect(await sessions.resolve('tok-short')).toBeNull();
  });

  it('is off at 0: every resolve reads the database', async () => {
    const sessions = createSessionService(handle.db, HOUR, now, 0);
    await userWithSession('cached5', 'tok-cached5');
    expect((await sessions.resolve('tok-cached5'))?.name).toBe('cached5');
    await handle.db.updateTable('users').set({ name: 'now' }).where('id', '=', 'cached5').execute();
    expect((await sessions.resolve('tok-cached5'))?.name).toBe('now');
  });
});
