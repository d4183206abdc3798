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
 * Whether a resolved address may be connected to: only public unicast. IPv4-mapped and
 * IPv4-compatible IPv6 forms are judged as the IPv4 address they carry; NAT64, 6to4 and Teredo
 * (which can tunnel to any IPv4 address) and every other special range are refused.
 */
export function refusalForAddress(address: string): RefusalReason | null {
  if (!ipaddr.isValid(address)) return 'reserved';
  const ip = ipaddr.process(address);
  const normal = ip.toNormalizedString();
  if (METADATA_ADDRESSES.has(normal) || METADATA_ADDRESSES.has(ip.toString())) return 'metadata';
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
