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
  /** The user's record changed: the next request of each of their sessions reads it again. */
  forgetUser(userId: string): void;
}

export function createSessionService(db: Db, ttlMs: number, now: () => number = Date.now, cacheMs = 0): SessionService {
  const cache = createSessionCache(cacheMs, now);
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
      // Keyed by the cookie itself, so a hit costs no hashing either.
      const cached = cache.get(token);
      if (cached) return cached;
      const hash = sha256(token);
      const row = await findSessionUser(db, hash, now());
      if (!row) return null;
      const { session_expires_at: sessionExpiresAt, ...user } = row;
      const resolved = { ...user, sessionHash: hash };
      cache.put(token, resolved, sessionExpiresAt);
      return resolved;
    },
    async destroy(token) {
      cache.forgetSession(token);
      await deleteSession(db, sha256(token));
    },
    async destroyOthers(userId, keepHash) {
      cache.forgetUser(userId);
      return deleteOtherSessions(db, userId, keepHash);
    },
    forgetUser: (userId) => cache.forgetUser(userId),
  };
}

/** Past this many cached sessions, expired entries are swept before a new one is added. */
const MAX_CACHED_SESSIONS = 10_000;

/**
 * Resolved sessions kept for `cacheMs`: a signed-in read would otherwise spend most of its time
 * on the session query. This instance forgets an entry at once when it ends the session or
 * changes the user; another instance's logout or change reaches it within `cacheMs` (one second
 * by default, SESSION_CACHE_MS). Never past the session's own expiry.
 */
function createSessionCache(cacheMs: number, now: () => number) {
  const entries = new Map<string, { user: SessionUser; until: number }>();
  const off = cacheMs <= 0;
  return {
    get(token: string): SessionUser | undefined {
      if (off) return undefined;
      const hit = entries.get(token);
      if (!hit) return undefined;
      if (hit.until > now()) return hit.user;
      entries.delete(token);
      return undefined;
    },
    put(token: string, user: SessionUser, sessionExpiresAt: number): void {
      if (off) return;
      if (entries.size >= MAX_CACHED_SESSIONS) {
        const t = now();
        for (const [token, e] of entries) if (e.until <= t) entries.delete(token);
        if (entries.size >= MAX_CACHED_SESSIONS) entries.clear();
      }
      entries.set(token, { user, until: Math.min(now() + cacheMs, sessionExpiresAt) });
    },
    forgetSession(token: string): void {
      entries.delete(token);
    },
    forgetUser(userId: string): void {
      for (const [token, e] of entries) if (e.user.id === userId) entries.delete(token);
    },
  };
}
