import type { Db } from '../db/index.js';
import { sha256, randomToken } from '../http/security.js';
import {
  deleteOtherSessions,
  deleteSession,
  findSessionUser,
  insertSession,
} from '../repositories/sessions.repository.js';
import type { UserRow } from '../repositories/users.repository.js';

export type SessionUser = UserRow & { sessionHash: string };

export interface SessionService {
  /** Starts a session; returns the raw cookie token (only its hash is stored). */
  create(userId: string, meta: { ip: string; userAgent: string }): Promise<string>;
  resolve(token: string): Promise<SessionUser | null>;
  destroy(token: string): Promise<void>;
  /** Ends every session of the user except the one with this hash. */
  destroyOthers(userId: string, keepHash: string): Promise<number>;
}

export function createSessionService(db: Db, ttlMs: number, now: () => number = Date.now): SessionService {
  return {
    async create(userId, meta) {
      const token = randomToken(32);
      const t = now();
      await insertSession(db, {
        token_hash: sha256(token),
        user_id: userId,
        created_at: t,
        expires_at: t + ttlMs,
        ip: meta.ip.slice(0, 64),
        user_agent: meta.userAgent.slice(0, 255),
      });
      return token;
    },
    async resolve(token) {
      const hash = sha256(token);
      const user = await findSessionUser(db, hash, now());
      return user ? { ...user, sessionHash: hash } : null;
    },
    destroy: (token) => deleteSession(db, sha256(token)),
    destroyOthers: (userId, keepHash) => deleteOtherSessions(db, userId, keepHash),
  };
}
