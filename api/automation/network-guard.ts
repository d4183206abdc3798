import type { APIResponse, BrowserContext } from 'playwright-core';
import type { TargetPolicy, TargetRefusal } from './target-policy.js';

export interface GuardRecord {
  /** The first navigation refused, which fails the run as 'refused'. */
  refusedNavigation: { url: string; reason: TargetRefusal } | null;
  /** Sub-requests (images, scripts, XHR, sockets) refused: dropped, the run goes on. */
  refusedRequests: number;
}

/**
 * Every request, redirect hop and WebSocket of the context passes the target policy before it
 * leaves, so a page (or a redirect, a link, a script) cannot reach an address the user may not
 * reach. The fetch resolves the host again itself; the window that leaves for DNS rebinding is
 * noted in docs/automation.md.
 */
export async function guardContext(context: BrowserContext, policy: TargetPolicy): Promise<GuardRecord> {
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
      return route.abort('failed');
    }
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
