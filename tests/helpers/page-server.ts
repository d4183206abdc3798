import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PageHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A web server on a loopback address for the URL fetcher's tests: `routes` maps a path to a handler.
 * Loopback is refused by the fetcher, so tests reach it through a test DNS name and the
 * fetcher's test-only allow list.
 */
export class PageServer {
  readonly hits: string[] = [];
  private server: Server | undefined;
  port = 0;

  /** `host`: a loopback address of its own (e.g. 127.0.0.3), so tests can allow it alone and still see 127.0.0.1 refused. */
  constructor(
    readonly routes: Record<string, PageHandler>,
    readonly host = '127.0.0.1',
  ) {}

  async start(): Promise<number> {
    this.server = createServer((req, res) => {
      this.hits.push(req.url ?? '');
      const handler = this.routes[(req.url ?? '').split('?')[0]!];
      if (handler) handler(req, res);
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    this.server.listen(0, this.host);
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}

/** An article long enough for Readability, in English, with a byline and a nested list. */
export function articleHtml(paragraphs: readonly string[], opts: { title?: string; byline?: string; lang?: string; charsetMeta?: string } = {}): string {
  return `<!doctype html><html${opts.lang ? ` lang="${opts.lang}"` : ''}><head>${opts.charsetMeta ? `<meta charset="${opts.charsetMeta}">` : ''}<title>${opts.title ?? 'Test page'}</title></head>
<body><nav><a href="/">Home</a> | <a href="/about">About</a></nav>
<article>${opts.byline ? `<p class="byline">${opts.byline}</p>` : ''}${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article>
<footer>Copyright 2026 Example footer text</footer><script>document.title = 'changed by script'</script></body></html>`;
}
