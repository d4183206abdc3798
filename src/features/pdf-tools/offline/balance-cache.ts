import { readJson, writeStorage } from '../../../lib/storage';

/**
 * The conversions left the app last saw from the server (GET /config/limit?convertType=), per
 * tool, for the signed-in account: what an offline run may spend. Kept in localStorage so it
 * outlives the tab; another account's figures are dropped, never lent.
 */
const KEY = 'pdfTools.offlineBalance';

interface Stored {
  userId: string;
  balances: Record<string, number>;
}

function read(userId: string): Record<string, number> {
  const stored = readJson<Stored>(KEY);
  return stored && stored.userId === userId && typeof stored.balances === 'object' && stored.balances ? stored.balances : {};
}

export function rememberBalance(userId: string, convertType: string, availCount: number): void {
  writeStorage(KEY, JSON.stringify({ userId, balances: { ...read(userId), [convertType]: availCount } } satisfies Stored));
}

/** The last balance seen for that tool, or null when the server was never asked while online. */
export function knownBalance(userId: string, convertType: string): number | null {
  const value = read(userId)[convertType];
  return typeof value === 'number' ? value : null;
}

/**
 * The server has just counted `units` more: every remembered balance goes down by them (the tools
 * draw on the same packages), until the next answer from the server says exactly.
 */
export function spendKnownBalance(userId: string, units: number): void {
  const balances = Object.fromEntries(Object.entries(read(userId)).map(([type, left]) => [type, Math.max(0, left - units)]));
  writeStorage(KEY, JSON.stringify({ userId, balances } satisfies Stored));
}
