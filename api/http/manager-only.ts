import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ErrorCode } from '@contracts/error-codes.js';
import { AppError, notLoggedIn } from './app-error.js';
import type { AppEnv } from './env.js';
import type { SessionUser } from '../services/session.service.js';

/**
 * The signed-in manager, checked on the server for every admin call: 40202 signed out, 40301 for
 * anyone without the mgr flag. Hiding the menu in the browser is not security.
 */
export function requireManager(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw notLoggedIn(randomUUID());
  if (user.mgr !== 1) throw new AppError(ErrorCode.FORBIDDEN, 'Managers only');
  return user;
}

/** The signed-in manager as the audit log names them: users.id, and the public user id as it is now. */
export function managerActor(c: Context<AppEnv>): { id: string; name: string } {
  const user = requireManager(c);
  return { id: user.id, name: user.user_id };
}

/** Middleware form of requireManager, mounted on every admin path before its routes (and its 404s). */
export const managerOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireManager(c);
  await next();
};
