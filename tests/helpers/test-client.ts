import { absorbSetCookies, cookieHeaderOf } from './cookie-jar.js';

/** Where requests go: the app in process (`app.request`) or a running server (`overHttp`). */
export interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** A server listening at `baseUrl`, reached over real HTTP. */
export function overHttp(baseUrl: string): RequestTarget {
  return { request: (path, init) => fetch(new URL(path, baseUrl), init) };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

export interface PostOptions {
  /** 'auto' sends the cookie's token (what a browser does); false sends none; a string sends that. */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- 'auto' is named for the reader; any other string is a token to send
  xsrf?: 'auto' | false | string;
  headers?: Record<string, string>;
  rawBody?: string;
}

let clientSeq = 0;

/** Drives the app like a browser would: keeps cookies, echoes XSRF-TOKEN as the header. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Each client comes from its own documentation-range address (the test app trusts X-Forwarded-For). */
  readonly address = `192.0.2.${(clientSeq++ % 250) + 1}`;

  constructor(private readonly app: RequestTarget) {}

  get xsrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  async get<T = unknown>(path: string, headers: Record<string, string> = {}): Promise<ApiAnswer<T>> {
    return this.request<T>('GET', path, undefined, headers);
  }

  async post<T = unknown>(path: string, body: unknown, opts: PostOptions = {}): Promise<ApiAnswer<T>> {
    if (!this.xsrfToken && opts.xsrf !== false) await this.get('/api/v1/userInfo');
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    const xsrf = opts.xsrf ?? 'auto';
    if (xsrf === 'auto' && this.xsrfToken) headers['x-xsrf-token'] = this.xsrfToken;
    else if (typeof xsrf === 'string' && xsrf !== 'auto') headers['x-xsrf-token'] = xsrf;
    return this.request<T>('POST', path, opts.rawBody ?? JSON.stringify(body), headers);
  }

  /** A JSON request with any state-changing method (PATCH, PUT, DELETE), with the XSRF header as a browser sends it. */
  async send<T = unknown>(method: 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer<T>> {
    if (!this.xsrfToken) await this.get('/api/v1/userInfo');
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-xsrf-token': this.xsrfToken ?? '' };
    return this.request<T>(method, path, body === undefined ? undefined : JSON.stringify(body), headers);
  }

  /** Multipart POST with the XSRF header, as the convert page sends uploads. */
  async upload<T = unknown>(path: string, form: FormData): Promise<ApiAnswer<T>> {
    if (!this.xsrfToken) await this.get('/api/v1/userInfo');
    const req = new Request('http://local', { method: 'POST', body: form });
    const body = new Uint8Array(await req.arrayBuffer());
    const headers = { 'content-type': req.headers.get('content-type')!, 'content-length': String(body.length), 'x-xsrf-token': this.xsrfToken ?? '' };
    return this.request<T>('POST', path, body, headers);
  }

  /** A GET that returns the raw response (downloads). */
  async raw(path: string): Promise<Response> {
    const cookie = cookieHeaderOf(this.cookies);
    return this.app.request(path, { headers: { 'x-forwarded-for': this.address, ...(cookie ? { cookie } : {}) } });
  }

  async request<T>(method: string, path: string, body: BodyInit | undefined, headers: Record<string, string>): Promise<ApiAnswer<T>> {
    const cookie = cookieHeaderOf(this.cookies);
    const res = await this.app.request(path, {
      method,
      body,
      headers: { 'x-forwarded-for': this.address, ...headers, ...(cookie ? { cookie } : {}) },
    });
    absorbSetCookies(this.cookies, res.headers);
    const type = res.headers.get('content-type') ?? '';
    const json = type.includes('json') ? ((await res.json()) as { code: number; msg: string; data: T }) : undefined;
    return { status: res.status, code: json?.code ?? -1, msg: json?.msg ?? '', data: json?.data as T, headers: res.headers };
  }
}
