import type { DbOrTx } from '../db/index.js';
import { failureTimes, insertLoginEvent, lastSuccessTime, setLoginOutcome } from '../repositories/login-events.repository.js';

export interface ThrottleRules {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export interface LoginAttemptKey {
  /** `user:<id>` for a known account, else the lower-cased text that was typed. */
  identifier: string;
  ip: string;
  userId: string | null;
  logId: string | null;
}

/**
 * Records a login attempt *before* its password is checked, then decides whether it may be
 * checked. The attempt is written first (as "checking", which counts like a failure) and only then
 * are the attempts in the window counted, every other one included whether finished or not. So of
 * any number of parallel attempts, the j-th to be written sees at least j-1 others: at most
 * `maxPerAccount` of them can ever reach the password check (a burst may even refuse all of its
 * own attempts; refused ones are not counted afterwards). Returns the attempt's id and the seconds
 * to wait (0: go ahead and check, then call finishLoginAttempt).
 *
 * Rules: an account is locked after `maxPerAccount` failures since its last success within the
 * window; an address after `maxPerAddress` failures within the window. The wait lasts until the
 * oldest counted failure leaves the window.
 */
export async function beginLoginAttempt(db: DbOrTx, rules: ThrottleRules, key: LoginAttemptKey, now: number): Promise<{ id: number; retryAfter: number }> {
  const id = await insertLoginEvent(db, { identifier: key.identifier, user_id: key.userId, log_id: key.logId, ip: key.ip, success: 2, created_at: now });
  const since = now - rules.windowMs;
  const lastOk = await lastSuccessTime(db, key.identifier, since);
  const account = await failureTimes(db, { identifier: key.identifier }, lastOk ?? since, id);
  const address = await failureTimes(db, { ip: key.ip }, since, id);
  const waits = [waitFor(account, rules.maxPerAccount), waitFor(address, rules.maxPerAddress)].map((oldest) =>
    oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + rules.windowMs - now) / 1000)),
  );
  const retryAfter = Math.max(0, ...waits);
  if (retryAfter > 0) await setLoginOutcome(db, id, 3);
  return { id, retryAfter };
}

/** Records the checked attempt's outcome: a success resets the account's count. */
export function finishLoginAttempt(db: DbOrTx, id: number, success: boolean): Promise<void> {
  return setLoginOutcome(db, id, success ? 1 : 0);
}

function waitFor(times: number[], max: number): number | undefined {
  return times.length >= max ? times[times.length - max] : undefined;
}
