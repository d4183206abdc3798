import type { DbOrTx } from '../db/index.js';
import { failureTimes, lastSuccessTime } from '../repositories/login-events.repository.js';

export interface ThrottleRules {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

/**
 * Seconds to wait before another login attempt may be made, or 0. An account is locked after
 * `maxPerAccount` failures since its last success within the window; an address after
 * `maxPerAddress` failures within the window. The wait lasts until the oldest counted failure
 * leaves the window.
 */
export async function loginRetryAfter(
  db: DbOrTx,
  rules: ThrottleRules,
  key: { identifier: string; ip: string },
  now: number,
): Promise<number> {
  const since = now - rules.windowMs;
  const lastOk = await lastSuccessTime(db, key.identifier, since);
  const account = await failureTimes(db, { identifier: key.identifier }, lastOk ?? since);
  const address = await failureTimes(db, { ip: key.ip }, since);
  const waits = [waitFor(account, rules.maxPerAccount), waitFor(address, rules.maxPerAddress)].map((oldest) =>
    oldest === undefined ? 0 : Math.ceil((oldest + rules.windowMs - now) / 1000),
  );
  return Math.max(0, ...waits);
}

function waitFor(times: number[], max: number): number | undefined {
  return times.length >= max ? times[times.length - max] : undefined;
}
