import type { Logger } from 'pino';
import type { VerifyResult } from '@contracts/user.js';
import { transaction, type Db } from '../db/index.js';
import { randomToken, sha256 } from '../http/security.js';
import type { Mailer } from '../mail/mailer.js';
import { verificationMail } from '../mail/verification-mail.js';
import { findEmailVerification, insertEmailVerification, markEmailVerificationUsed } from '../repositories/email-verifications.repository.js';
import { findUserById, updateUser, type UserRow } from '../repositories/users.repository.js';
import { grantTrial } from './quota.service.js';

/** How long a mailed link works (the mail says 48 hours). */
export const VERIFY_TOKEN_TTL_MS = 48 * 3600 * 1000;
/** The API path the mailed link opens; it redirects to the SPA page VERIFY_PAGE. */
export const VERIFY_PATH = '/api/v1/user/verify';
export const VERIFY_PAGE = '/verify-email';

export interface EmailVerificationDeps {
  db: Db;
  mailer: Mailer;
  now: () => number;
  logger: Logger;
  /** Told when a user's record changed, so cached sessions read it again. */
  onUserChanged?: (userId: string) => void;
}

/**
 * With SMTP configured, the free trial waits for the address to be verified: registration mails a
 * link (a random 256-bit token, stored as its SHA-256, valid 48 hours, usable once) and opening it
 * marks the address verified and grants the trial (still once per mailbox).
 */
export function createEmailVerificationService({ db, mailer, now, logger, onUserChanged }: EmailVerificationDeps) {
  return {
    /** Mails a new link to the user's current address. A mail that cannot be sent is logged; the user can ask again. */
    async send(user: Pick<UserRow, 'id' | 'email'>, baseUrl: string, lang: 'en' | 'zh'): Promise<boolean> {
      const token = randomToken(32);
      const t = now();
      await insertEmailVerification(db, { token_hash: sha256(token), user_id: user.id, email: user.email.toLowerCase(), created_at: t, expires_at: t + VERIFY_TOKEN_TTL_MS, used_at: null });
      const link = `${baseUrl.replace(/\/$/, '')}${VERIFY_PATH}?token=${encodeURIComponent(token)}`;
      try {
        await mailer.send(verificationMail(user.email, link, lang));
        return true;
      } catch (err) {
        logger.warn({ err, userId: user.id }, 'verification mail not sent');
        return false;
      }
    },

    /** What opening a link did: `ok` verified now, `done` was already verified, `expired`, `invalid`. */
    async verify(token: string): Promise<VerifyResult> {
      const hash = sha256(token);
      let verified: string | null = null;
      const result = await transaction(db, async (tx): Promise<VerifyResult> => {
        const row = await findEmailVerification(tx, hash);
        if (!row) return 'invalid';
        const user = await findUserById(tx, row.user_id);
        // A link sent to an address the account no longer has verifies nothing.
        if (!user || user.email.toLowerCase() !== row.email) return 'invalid';
        if (row.used_at !== null || user.email_verified_at !== null) return 'done';
        const t = now();
        if (t >= row.expires_at) return 'expired';
        if (!(await markEmailVerificationUsed(tx, hash, t))) return 'done';
        await updateUser(tx, user.id, { email_verified_at: t, updated_at: t });
        await grantTrial(tx, user.id, t);
        verified = user.id;
        return 'ok';
      });
      if (verified !== null) onUserChanged?.(verified);
      return result;
    },

    /** True while the user's address still waits for its link. */
    pending(user: Pick<UserRow, 'email_verified_at'>): boolean {
      return user.email_verified_at === null;
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
