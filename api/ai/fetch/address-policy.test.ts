import { describe, expect, it } from 'vitest';
import { refusalForAddress, type RefusalReason } from './address-policy';

/** Address → the refusal it gets (null: may be fetched). Written as a URL host gives it, and as `new URL` normalises it. */
const TABLE: [string, RefusalReason | null][] = [
  // Plain addresses, as before.
  ['8.8.8.8', null],
  ['2606:4700:4700::1111', null],
  ['127.0.0.1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'linkLocal'],
  ['fd00:ec2::254', 'metadata'],
  ['2001:db8::1', 'reserved'],
  // IPv4-compatible ::/96: refused outright, named after the address it carries when that is refused too.
  ['::127.0.0.1', 'loopback'],
  ['::7f00:1', 'loopback'],
  ['::10.0.0.1', 'private'],
  ['::a00:1', 'private'],
  ['::a9fe:a9fe', 'metadata'],
  ['::8.8.8.8', 'reserved'],
  ['::808:808', 'reserved'],
  // IPv4-mapped ::ffff:0:0/96: judged by the IPv4 address (the socket connects to it).
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  ['::ffff:8.8.8.8', null],
  // IPv4-translated ::ffff:0:0:0/96 (SIIT): refused outright.
  ['::ffff:0:7f00:1', 'loopback'],
  ['::ffff:0:808:808', 'reserved'],
  // NAT64 well-known prefix 64:ff9b::/96: judged by the IPv4 address (a DNS64 network reaches IPv4 sites through it).
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a00:1', 'private'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['64:ff9b::808:808', null],
  // NAT64 local-use prefix 64:ff9b:1::/48: where the IPv4 address sits is the operator's choice; refused outright.
  ['64:ff9b:1::808:808', 'reserved'],
  ['64:ff9b:1:7f00:1::', 'reserved'],
  // 6to4 2002::/16 (deprecated, RFC 7526): refused outright, named after the IPv4 address in bits 16-47.
  ['2002:7f00:1::', 'loopback'],
  ['2002:a00:1::1', 'private'],
  ['2002:808:808::1', 'reserved'],
  // Teredo 2001::/32: refused outright, named after the client's address (last 32 bits, inverted).
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'reserved'],
];

describe('the address policy', () => {
  it.each(TABLE)('%s → %s', (address, reason) => {
    expect(refusalForAddress(address)).toBe(reason);
  });

  it('gives every IPv4-compatible address of a URL the same answer as its literal', () => {
    for (const literal of ['::127.0.0.1', '::10.0.0.1', '::8.8.8.8', '2002:7f00:1::', '64:ff9b::10.0.0.1']) {
      const host = new URL(`http://[${literal}]/`).hostname.replace(/^\[|\]$/g, '');
      expect(refusalForAddress(host), `${literal} as ${host}`).toBe(refusalForAddress(literal));
    }
  });
});
