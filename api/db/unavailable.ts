/**
 * Is this error the database being unreachable (down, restarting, network gone) rather than a
 * fault of the query? Those become 50303 with Retry-After instead of 50001.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, cannot connect now). */
const SQLSTATE = /^(08|57P0[1-3])/;
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|the database system is (starting up|shutting down)|SQLITE_BUSY|database is locked/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code) || code === 'SQLITE_BUSY')) return true;
    if (e instanceof Error && MESSAGES.test(e.message)) return true;
  }
  return false;
}
