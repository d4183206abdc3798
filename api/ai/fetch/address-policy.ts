import ipaddr from 'ipaddr.js';

/** Why an address (or host name) may not be fetched; the UI shows `translate.urlRefused.<reason>`. */
export type RefusalReason = 'loopback' | 'private' | 'linkLocal' | 'metadata' | 'unspecified' | 'multicast' | 'reserved' | 'hostName';

/** Cloud metadata endpoints, refused by name as well as by range (AWS IPv4 and IPv6, GCP, Azure, Alibaba, Oracle). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** ipaddr.js range names → our reasons. Only `unicast` (public) is allowed; everything else is refused. */
const RANGE_REASONS: Record<string, RefusalReason> = {
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'linkLocal',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'multicast',
};

/**
 * The IPv4 address an IPv6 form carries, and whether that form is judged by it (a public one may
 * be fetched) or refused whatever it carries (the reason then still names a refused IPv4 address).
 * Judged: IPv4-mapped ::ffff:0:0/96 (the socket connects to the IPv4 address itself) and the NAT64
 * well-known prefix 64:ff9b::/96 (an IPv6-only network reaches IPv4 sites through it; RFC 6052
 * forbids it for non-global addresses). Refused: IPv4-compatible ::/96 (deprecated, RFC 4291; some
 * stacks route it to the IPv4 address), IPv4-translated ::ffff:0:0:0/96 (SIIT only), 6to4 2002::/16
 * (deprecated, RFC 7526) and Teredo 2001::/32 (tunnels to a relay of someone else's choosing).
 * ipaddr.js classes ::/96 as unicast, so it is matched here by its prefix.
 */
function embeddedIPv4(ip: ipaddr.IPv6): { v4: ipaddr.IPv4; judged: boolean } | null {
  const p = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6) && (p[6] !== 0 || p[7]! > 1)) return { v4: v4(p[6]!, p[7]!), judged: false };
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return { v4: v4(p[6]!, p[7]!), judged: false };
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return { v4: v4(p[6]!, p[7]!), judged: true };
  if (p[0] === 0x2002) return { v4: v4(p[1]!, p[2]!), judged: false };
  if (p[0] === 0x2001 && p[1] === 0) return { v4: v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff), judged: false };
  return null;
}

/**
 * An IPv6 address as the URL parser (and the kernel) reads it. ipaddr.js reads `::1.2.3.4`, the
 * dotted IPv4-compatible form, as IPv4-mapped `::ffff:1.2.3.4`, which would judge it by its IPv4
 * address; the URL parser reads `::102:304`. Addresses with a zone (`fe80::1%eth0`) stay as given.
 */
function canonical(address: string): string {
  if (!address.includes(':')) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

/**
 * Whether a resolved address may be connected to: only public unicast. An IPv6 form that carries
 * an IPv4 address is judged by that address or refused outright (see embeddedIPv4); every other
 * special range is refused.
 */
export function refusalForAddress(address: string): RefusalReason | null {
  if (!ipaddr.isValid(address)) return 'reserved';
  // process() turns IPv4-mapped addresses into the IPv4 address they carry.
  const ip = ipaddr.process(canonical(address));
  const normal = ip.toNormalizedString();
  if (METADATA_ADDRESSES.has(normal) || METADATA_ADDRESSES.has(ip.toString())) return 'metadata';
  const inner = ip.kind() === 'ipv6' ? embeddedIPv4(ip as ipaddr.IPv6) : null;
  if (inner) return refusalForAddress(inner.v4.toString()) ?? (inner.judged ? null : 'reserved');
  const range = ip.range();
  if (range === 'unicast') return null;
  return RANGE_REASONS[range] ?? 'reserved';
}

/** Host names refused before any lookup: local names and metadata services that only resolve inside a cloud. */
export function refusalForHostName(host: string): RefusalReason | null {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (METADATA_NAMES.has(name)) return 'metadata';
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  if (name.endsWith('.local') || name.endsWith('.internal') || name.endsWith('.home.arpa') || !name.includes('.')) return 'hostName';
  return null;
}
