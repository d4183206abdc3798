import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../config.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { LoginRequest, RegisterRequest, UpdateUserRequest, UserInfo } from '@contracts/user.js';
import type { Transaction } from 'kysely';
import { transaction, type Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { AppError, tooManyRequests } from '../http/app-error.js';
import {
  emailTaken,
  findUserByLogin,
  insertUser,
  updateUser,
  userIdTaken,
  type UserRow,
} from '../repositories/users.repository.js';
import { normalizeEmail } from './email-identity.js';
import { beginLoginAttempt, finishLoginAttempt } from './login-throttle.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import type { SessionService, SessionUser } from './session.service.js';

/**
 * What accounts made by Google sign-in hold instead of a password hash: not a PHC string, so no
 * password ever verifies against it (the column stays NOT NULL; see docs/google-sign-in.md).
 */
export const GOOGLE_ONLY_PASSWORD = '!google-sign-in';

/** False for accounts made by Google sign-in: password login and linking cannot work for them. */
export function hasPassword(u: Pick<UserRow, 'password_hash'>): boolean {
  return u.password_hash !== GOOGLE_ONLY_PASSWORD;
}

/** 40304: staff disabled the account (docs/admin-support.md); login and Google sign-in are refused. */
export const accountDisabled = () => new AppError(ErrorCode.ACCOUNT_DISABLED, 'This account has been disabled');

export function toUserInfo(u: UserRow): UserInfo {
  return {
    userId: u.user_id,
    email: u.email,
    name: u.name,
    phone: u.phone,
    gender: u.gender,
    birthday: u.birthday,
    mgr: Boolean(u.mgr),
    google: Boolean(u.google),
  };
}

/** Runs inside the transaction that creates an account (the trial bundle grant hooks in here). */
export type OnUserCreated = (tx: Transaction<Database>, userId: string) => Promise<unknown>;

export interface AuthDeps {
  db: Db;
  config: Pick<AppConfig, 'loginThrottle'>;
  sessions: SessionService;
  onUserCreated?: OnUserCreated;
  now?: () => number;
}

export function createAuthService({ db, config, sessions, onUserCreated, now = Date.now }: AuthDeps) {
  const TAKEN_KEYS = { userId: 'validation.userIdTaken', email: 'validation.emailTaken' } as const;
  const taken = (field: 'userId' | 'email') => new AppError(ErrorCode.USER_TAKEN, 'User account has been used', { [field]: TAKEN_KEYS[field] });

  return {
    async register(req: RegisterRequest): Promise<UserRow> {
      const passwordHash = await hashPassword(req.password);
      const t = now();
      const row: UserRow = {
        id: randomUUID(),
        user_id: req.userId,
        user_id_lower: req.userId.toLowerCase(),
        email: req.email,
        email_lower: req.email.toLowerCase(),
        email_normalized: normalizeEmail(req.email),
        email_verified_at: null,
        disabled_at: null,
        name: req.name ?? '',
        phone: '',
        gender: null,
        birthday: '',
        password_hash: passwordHash,
        mgr: 0,
        google: 0,
        created_at: t,
        updated_at: t,
      };
      try {
        await transaction(db, async (tx) => {
          if (await userIdTaken(tx, req.userId)) throw taken('userId');
          if (await emailTaken(tx, req.email)) throw taken('email');
          await insertUser(tx, row);
          await onUserCreated?.(tx, row.id);
        });
      } catch (err) {
        // Two registrations racing for one id: the unique index decides, the loser gets 40901.
        if (!(err instanceof AppError) && /unique|duplicate/i.test(String(err))) throw taken('userId');
        throw err;
      }
      return row;
    },

    async login(req: LoginRequest, ip: string): Promise<UserRow> {
      const typed = req.userId.toLowerCase();
      const user = await findUserByLogin(db, typed);
      const identifier = user ? `user:${user.id}` : typed;
      // Counted before the password is checked, so parallel guesses cannot all pass (see login-throttle.ts).
      const attempt = await beginLoginAttempt(db, config.loginThrottle, { identifier, ip, userId: user?.id ?? null, logId: req.logId ?? null }, now());
      if (attempt.retryAfter > 0) throw tooManyRequests(attempt.retryAfter);
      // A Google-only account spends the same time as any other, so timing does not tell it apart.
      const okPassword = user && hasPassword(user) ? await verifyPassword(user.password_hash, req.password) : (await verifyAgainstDummy(req.password), false);
      await finishLoginAttempt(db, attempt.id, okPassword);
      if (!user || !okPassword) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'Wrong user id, e-mail or password');
      // Checked after the password, so only someone who knows it learns that the account is disabled.
      if (user.disabled_at !== null) throw accountDisabled();
      return user;
    },

    async update(user: SessionUser, req: UpdateUserRequest): Promise<UserRow> {
      const patch: Partial<UserRow> = { updated_at: now() };
      if (req.name !== undefined) patch.name = req.name;
      if (req.phone !== undefined) patch.phone = req.phone;
      if (req.gender !== undefined) patch.gender = req.gender;
      if (req.birthday !== undefined) patch.birthday = req.birthday;
      if (req.email !== undefined && req.email.toLowerCase() !== user.email_lower) {
        if (await emailTaken(db, req.email, user.id)) throw taken('email');
        patch.email = req.email;
        patch.email_lower = req.email.toLowerCase();
        // A new address is a new mailbox: unverified until its own link is opened (the trial stays once per mailbox).
        patch.email_normalized = normalizeEmail(req.email);
        patch.email_verified_at = null;
      }
      if (req.pwd !== undefined) {
        if (user.google || !hasPassword(user)) throw new AppError(ErrorCode.FORBIDDEN, 'Accounts signed in with Google have no password here');
        if (!(await verifyPassword(user.password_hash, req.oldPwd ?? ''))) {
          throw new AppError(ErrorCode.BAD_CREDENTIALS, 'Old password is wrong', { oldPwd: 'validation.oldPasswordWrong' });
        }
        patch.password_hash = await hashPassword(req.pwd);
      }
      await updateUser(db, user.id, patch);
      sessions.forgetUser(user.id);
      // A new password ends every other session of the account.
      if (patch.password_hash) await sessions.destroyOthers(user.id, user.sessionHash);
      return { ...user, ...patch };
    },

    async available(userId: string): Promise<boolean> {
      return !(await userIdTaken(db, userId));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
