import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectDecision, TargetRefusal } from './target-policy.js';

/** Decides where one connection to `host:port` goes (TargetPolicy.connectTo). */
export type ConnectPolicy = (host: string, port: number) => Promise<ConnectDecision>;

export interface EgressProxy {
  /** `http://127.0.0.1:<port>`, for the browser context's `proxy.server`. */
  server: string;
  /** Host names (lower case, no brackets) this proxy refused, with why: the guard reports them as refused. */
  refusals: Map<string, TargetRefusal>;
  /**
   * Whether a response is this proxy's refusal. Playwright's fetch hands a refused CONNECT's
   * answer back as the response, so the refusal carries a header only this proxy knows the value of.
   */
  isRefusal(headers: Record<string, string>): boolean;
  close(): Promise<void>;
}

/** Headers that describe the hop to the proxy, not the request. */
const HOP_HEADERS = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive'];
const MARK_HEADER = 'x-docuflow-egress';

/** `host:port` of a CONNECT line, IPv6 in brackets. */
function splitAuthority(authority: string): { host: string; port: number } | null {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(authority);
  if (!m) return null;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1]!.replace(/^\[|\]$/g, '').toLowerCase(), port } : null;
}

/**
 * A forward proxy on 127.0.0.1 (random port) that is the browser context's only way out. It
 * resolves each host name itself with the app's resolver, has the address checked by the run's
 * policy, and connects to that exact address: CONNECT tunnels (https, wss, and Playwright's own
 * fetches) and absolute-form http requests. Chromium never resolves a name, so a DNS answer that
 * changes after the check (rebinding) cannot send it anywhere the policy did not approve.
 */
export async function startEgressProxy(policy: ConnectPolicy): Promise<EgressProxy> {
  const refusals = new Map<string, TargetRefusal>();
  const mark = randomBytes(16).toString('hex');
  const sockets = new Set<Duplex>();
  const track = (s: Duplex) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };

  async function decide(host: string, port: number): Promise<ConnectDecision> {
    const decision = await policy(host, port).catch((): ConnectDecision => ({ unresolved: true }));
    if ('refusal' in decision) refusals.set(host, decision.refusal);
    return decision;
  }

  async function onConnect(req: IncomingMessage, client: Duplex, head: Buffer) {
    track(client);
    client.on('error', () => client.destroy());
    const target = splitAuthority(req.url ?? '');
    const decision = target ? await decide(target.host, target.port) : ({ refusal: 'badUrl' } as const);
    if (!('address' in decision) || !target) {
      const status = 'refusal' in decision ? `403 Forbidden\r\n${MARK_HEADER}: ${mark}` : '502 Bad Gateway';
      client.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      return;
    }
    const upstream: Socket = connect({ host: decision.address, port: target.port });
    track(upstream);
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (!client.writableEnded) client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
      client.destroy();
    });
    client.once('close', () => upstream.destroy());
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') {
      res.writeHead(400).end();
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const port = Number(url.port || 80);
    const decision = await decide(host, port);
    if (!('address' in decision)) {
      res.writeHead('refusal' in decision ? 403 : 502, { connection: 'close', ...('refusal' in decision ? { [MARK_HEADER]: mark } : {}) }).end();
      return;
    }
    const headers = { ...req.headers };
    for (const h of HOP_HEADERS) delete headers[h];
    const upstream = httpRequest({ host: decision.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers, agent: false });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { connection: 'close' });
      res.end();
    });
    req.pipe(upstream);
  }

  const server = createServer((req, res) => void onRequest(req, res));
  server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => void onConnect(req, socket, head));
  server.on('connection', track);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    refusals,
    isRefusal: (headers) => headers[MARK_HEADER] === mark,
    async close() {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}
