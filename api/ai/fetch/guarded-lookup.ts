import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { refusalForAddress } from './address-policy.js';
import { PageFetchError } from './fetch-errors.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; tests pass their own answers (`evil.test → 127.0.0.1`). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/**
 * Whether an address may be connected to: public unicast only, unless it is on the test-only
 * allow list (see PageFetchOptions.unsafeAllowAddresses). Throws PageFetchError('refused').
 */
export function checkAddress(address: string, allow: ReadonlySet<string>): void {
  if (allow.has(address)) return;
  const reason = refusalForAddress(address);
  if (reason) throw new PageFetchError({ kind: 'refused', reason, address });
}

/**
 * The `lookup` hook of the socket: the connection goes to an address this function returned, and
 * it returns only addresses it checked, so a DNS answer cannot change between the check and the
 * connect (no TOCTOU, no DNS rebinding). One refused answer refuses the host: a name that points
 * at a private address at all is not a public page.
 */
export function guardedLookup(resolve: Resolver, allow: ReadonlySet<string>): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((answers) => {
        if (answers.length === 0) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        for (const a of answers) checkAddress(a.address, allow);
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = family ? answers.filter((a) => a.family === family) : answers;
        if (usable.length === 0) throw Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}
