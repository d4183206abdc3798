import ipaddr from 'ipaddr.js';
import { refusalForAddress, refusalForHostName, type RefusalReason } from '../ai/fetch/address-policy.js';
import { systemResolver, type Resolver } from '../ai/fetch/guarded-lookup.js';

/** Why a request of a flow is refused: the address policy's reasons, plus a scheme and a host off the allow-list. */
export type TargetRefusal = RefusalReason | 'scheme' | 'notAllowed' | 'badUrl';

/** Where one browser connection may go: the one address checked, a refusal, or nowhere (no DNS answer). */
export type ConnectDecision = { address: string } | { refusal: TargetRefusal } | { unresolved: true };

export interface TargetPolicyOptions {
  /** The user's allow-list (`example.com`, `*.example.com`, `127.0.0.1:8080`). */
  hosts: readonly string[];
  /** Whether an allow-list entry may open a loopback or private address (off in production, see docs/automation.md). */
  privateTargets: boolean;
  resolve?: Resolver;
}

/** Whether `entry` of an allow-list covers this URL's host (and port, when the entry names one). */
export function hostMatches(entry: string, url: URL): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const m = /^(.*?)(?::(\d+))?$/.exec(entry);
  const name = m?.[1] ?? entry;
  if (m?.[2] && m[2] !== port) return false;
  if (name.startsWith('*.')) return host.endsWith(name.slice(1));
  return host === name;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Decides which addresses a flow's browser may reach. The default is the URL fetcher's SSRF
 * policy (public unicast only, every DNS answer checked); an allow-list entry opens its host, and
 * once the list has entries a navigation must go to one of them. Metadata services stay refused
 * whatever the list says. DNS answers are cached for the policy's life (one run).
 */
export function targetPolicy({ hosts, privateTargets, resolve = systemResolver }: TargetPolicyOptions) {
  const answers = new Map<string, Promise<string[]>>();
  const addressesOf = (host: string): Promise<string[]> => {
    if (ipaddr.isValid(host)) return Promise.resolve([host]);
    let hit = answers.get(host);
    if (!hit) {
      hit = resolve(host).then((list) => list.map((a) => a.address), () => []);
      answers.set(host, hit);
    }
    return hit;
  };

  /** Whether `address` may be connected to for a host (listed or not). */
  const addressRefusal = (address: string, listed: boolean): TargetRefusal | null => {
    const reason = refusalForAddress(address);
    if (reason === 'metadata') return reason;
    return reason && !(listed && privateTargets) ? reason : null;
  };

  return {
    /**
     * The address one connection of the browser goes to (the egress proxy asks for each). The
     * name is resolved afresh, not from the cache, and the address returned is the one checked:
     * a DNS answer that changed since `check` (rebinding) is judged again, never trusted.
     */
    async connectTo(host: string, port: number): Promise<ConnectDecision> {
      const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
      let url: URL;
      try {
        url = new URL(`http://${ipaddr.IPv6.isValid(bare) ? `[${bare}]` : bare}:${port}/`);
      } catch {
        return { refusal: 'badUrl' };
      }
      const listed = hosts.some((entry) => hostMatches(entry, url));
      const literal = ipaddr.isValid(bare);
      const byName = literal ? null : refusalForHostName(bare);
      if (byName === 'metadata' || (byName && !listed)) return { refusal: byName };
      const addresses = literal ? [bare] : await resolve(bare).then((list) => list.map((a) => a.address), () => []);
      if (addresses.length === 0) return { unresolved: true };
      // One refused answer refuses the host, as for the URL reader: a name that points at a private address at all is not a public site.
      for (const address of addresses) {
        const reason = addressRefusal(address, listed);
        if (reason) return { refusal: reason };
      }
      return { address: addresses[0]! };
    },

    /** null when the request may go ahead; `navigation` marks a top-level page load. */
    async check(raw: string, navigation: boolean): Promise<TargetRefusal | null> {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return 'badUrl';
      }
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.href === 'about:blank') return navigation ? 'scheme' : null;
      if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'ws:' && url.protocol !== 'wss:') return 'scheme';
      const host = bareHost(url);
      const listed = hosts.some((entry) => hostMatches(entry, url));
      if (!listed && navigation && hosts.length > 0) return 'notAllowed';
      const byName = ipaddr.isValid(host) ? null : refusalForHostName(host);
      if (byName === 'metadata') return byName;
      const addresses = await addressesOf(host);
      if (addresses.length === 0) return listed ? null : byName ?? 'hostName';
      for (const address of addresses) {
        const reason = addressRefusal(address, listed);
        if (reason) return reason;
      }
      if (byName && !listed) return byName;
      return null;
    },
  };
}
export type TargetPolicy = ReturnType<typeof targetPolicy>;
