/**
 * What a database error says about the database rather than the query, for the error handler
 * (50701 or 50303 with Retry-After instead of 50001) and for jobs (not the user's fault):
 * - `full`: no room left to write (SQLite SQLITE_FULL, PostgreSQL 53100 disk_full);
 * - `storage`: its disk cannot be written or read (SQLITE_READONLY*, SQLITE_IOERR*, 58030 io_error),
 *   which takes an operator, so clients are asked to come back in minutes;
 * - `unreachable`: down, restarting, out of connections or memory, or a read-only standby during a
 *   failover (25006), which usually passes within seconds.
 */
export type DatabaseFault = 'full' | 'storage' | 'unreachable';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, cannot
 * connect now), 53000/53200/53300 (insufficient resources, out of memory, too many connections)
 * and 25006 (read-only transaction: the server is a standby).
 */
const SQLSTATE_UNREACHABLE = /^(08|57P0[1-3]$|53000$|53200$|53300$|25006$)/;
// better-sqlite3 gives extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…): the primary code is their prefix.
const SQLITE_FULL = /^SQLITE_FULL(_|$)/;
const SQLITE_STORAGE = /^SQLITE_(READONLY|IOERR)(_|$)/;
const SQLITE_UNREACHABLE = /^SQLITE_BUSY(_|$)/;
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|the database system is (starting up|shutting down)|SQLITE_BUSY|database is locked/i;

function faultOfCode(code: string): DatabaseFault | null {
  if (code === '53100' || SQLITE_FULL.test(code)) return 'full';
  if (code === '58030' || SQLITE_STORAGE.test(code)) return 'storage';
  if (NETWORK_CODES.has(code) || SQLSTATE_UNREACHABLE.test(code) || SQLITE_UNREACHABLE.test(code)) return 'unreachable';
  return null;
}

/** The fault this error (or one it was caused by) reports, or null for a fault of the query itself. */
export function databaseFault(err: unknown): DatabaseFault | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const fault = typeof code === 'string' ? faultOfCode(code) : null;
    if (fault) return fault;
    if (e instanceof Error && MESSAGES.test(e.message)) return 'unreachable';
  }
  return null;
}
