import { request as httpRequest } from 'node:http';
import { absorbSetCookies, cookieHeaderOf } from '../../helpers/cookie-jar.js';

export interface Answer<T = unknown> {
  status: number;
  code: number;
  data: T;
  headers: Headers;
}

let seq = 0;

/**
 * A signed-in user of a server listening on a real port: keeps its cookies and echoes the XSRF
 * token like the browser does. Fault tests need real sockets (aborts, disconnects), so they
 * cannot use the in-process TestClient.
 */
export class HttpUser {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  static async register(baseUrl: string, prefix = 'f'): Promise<HttpUser> {
    const u = new HttpUser(baseUrl);
    seq += 1;
    const id = `${prefix}${seq}${Math.random().toString(36).slice(2, 7)}`;
    const res = await u.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true });
    if (res.code !== 200) throw new Error(`register failed: ${res.code} ${JSON.stringify(res.data)}`);
    return u;
  }

  cookieHeader(): string {
    return cookieHeaderOf(this.cookies);
  }

  async ensureXsrf(): Promise<string> {
    if (!this.cookies.get('XSRF-TOKEN')) await this.get('/api/v1/userInfo');
    return this.cookies.get('XSRF-TOKEN') ?? '';
  }

  get<T = unknown>(path: string): Promise<Answer<T>> {
    return this.send<T>('GET', path);
  }

  async post<T = unknown>(path: string, body: unknown): Promise<Answer<T>> {
    const xsrf = await this.ensureXsrf();
    return this.send<T>('POST', path, JSON.stringify(body), { 'content-type': 'application/json', 'x-xsrf-token': xsrf });
  }

  async upload<T = unknown>(path: string, form: FormData): Promise<Answer<T>> {
    const { headers, body } = await this.rawUpload(form);
    // send() sets its own content-length and cookie.
    return this.send<T>('POST', path, body, { 'content-type': headers['content-type']!, 'x-xsrf-token': headers['x-xsrf-token']! });
  }

  /** The headers a multipart upload of `form` needs, and its body, for tests that send it by hand. */
  async rawUpload(form: FormData): Promise<{ headers: Record<string, string>; body: Buffer }> {
    const xsrf = await this.ensureXsrf();
    const req = new Request('http://local', { method: 'POST', body: form });
    const body = Buffer.from(await req.arrayBuffer());
    return {
      body,
      headers: { 'content-type': req.headers.get('content-type')!, 'content-length': String(body.length), 'x-xsrf-token': xsrf, cookie: this.cookieHeader() },
    };
  }

  async send<T>(method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await fetchNoKeepAlive(this.baseUrl + path, method, body, { ...headers, cookie: this.cookieHeader() });
    absorbSetCookies(this.cookies, res.headers);
    const text = res.text;
    let json: { code?: number; data?: T } = {};
    try {
      json = JSON.parse(text) as { code?: number; data?: T };
    } catch {
      // Not JSON: a download, or an empty body.
    }
    return { status: res.status, code: json.code ?? -1, data: json.data as T, headers: res.headers };
  }
}

/** One request on its own connection, so a test can count sockets and a stopped server does not leave pooled ones. */
function fetchNoKeepAlive(url: string, method: string, body: string | Buffer | undefined, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { ...headers, connection: 'close', ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (Array.isArray(v)) for (const x of v) h.append(k, x);
          else if (v !== undefined) h.set(k, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: h, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}
