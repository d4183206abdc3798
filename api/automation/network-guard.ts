import type { APIResponse, BrowserContext } from 'playwright-core';
import type { EgressProxy } from './egress-proxy.js';
import type { TargetPolicy, TargetRefusal } from './target-policy.js';

export interface GuardRecord {
  /** The first navigation refused, which fails the run as 'refused'. */
  refusedNavigation: { url: string; reason: TargetRefusal } | null;
  /** Sub-requests (images, scripts, XHR, sockets) refused: dropped, the run goes on. */
  refusedRequests: number;
}

const hostOf = (raw: string) => {
  try {
    return new URL(raw).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return '';
  }
};

/**
 * Every request, redirect hop and WebSocket of the context passes the target policy before it
 * leaves, so a page (or a redirect, a link, a script) cannot reach an address the user may not
 * reach. The connections themselves go through the context's egress proxy, which resolves and
 * checks each one again: a connection it refused fails the request as refused, not as unreachable.
 */
export async function guardContext(context: BrowserContext, policy: TargetPolicy, egress: Pick<EgressProxy, 'refusals' | 'isRefusal'>): Promise<GuardRecord> {
  const record: GuardRecord = { refusedNavigation: null, refusedRequests: 0 };
  await context.route('**/*', async (route) => {
    const request = route.request();
    const navigation = request.isNavigationRequest() && request.frame().parentFrame() === null;
    const reason = await policy.check(request.url(), navigation);
    if (reason) return refuse(request.url(), reason);
    // Chromium follows redirects without asking the route again, so the request is made here,
    // one hop at a time, and each Location is checked before the browser may follow it.
    let response: APIResponse;
    try {
      response = await route.fetch({ maxRedirects: 0 });
    } catch {
      const refused = egress.refusals.get(hostOf(request.url()));
      return refused ? refuse(request.url(), refused) : route.abort('failed');
    }
    if (egress.isRefusal(response.headers())) return refuse(request.url(), egress.refusals.get(hostOf(request.url())) ?? 'notAllowed');
    const location = response.status() >= 300 && response.status() < 400 ? response.headers()['location'] : undefined;
    if (location !== undefined) {
      const next = new URL(location, request.url()).href;
      const hop = await policy.check(next, navigation);
      if (hop) return refuse(next, hop);
    }
    return route.fulfill({ response });

    function refuse(url: string, why: TargetRefusal) {
      if (navigation) record.refusedNavigation ??= { url, reason: why };
      else record.refusedRequests += 1;
      return route.abort('blockedbyclient');
    }
  });
  await context.routeWebSocket(/.*/, async (ws) => {
    const reason = await policy.check(ws.url(), false);
    if (reason) {
      record.refusedRequests += 1;
      await ws.close({ code: 1008, reason: 'refused' });
      return;
    }
    ws.connectToServer();
  });
  return record;
}
