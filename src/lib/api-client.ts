import type { Envelope } from '@contracts/envelope';
import { ErrorCode } from '@contracts/error-codes';
import { LOGIN_REDIRECT_DELAY_MS, REQUEST_TIMEOUT_MS } from './constants';
import { i18next, whenTextsReady } from './i18n';
import { currentPath, isAuthPage, locationVersion, loginUrl, navigateTo, navigationPending } from './navigation';
import { notify as postNotice, type NotifyIntent } from './notify';
import { clearSession, getUserInfo, setLogId } from './session';

export const API_BASE = '/api/v1';
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Codes for failures that never produced an API answer (the server's codes are all positive). */
export const ClientErrorCode = { NETWORK: -1, TIMEOUT: -2, BAD_RESPONSE: -3 } as const;
const clientErrorKeys: Record<number, string> = { [-1]: 'errors.network', [-2]: 'errors.timeout', [-3]: 'errors.badResponse' };

export class ApiError<D = unknown> extends Error {
  constructor(
    readonly code: number,
    readonly data: D,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, code?: number): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised, or sent as is when it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** A 40202 answer must not send the visitor to the login page (userInfo probes on public pages). */
  exempt?: boolean;
  /** Codes the caller shows itself (inline form errors) get no toast; `true` silences every code. */
  quiet?: boolean | readonly number[];
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

let xsrfProbe: Promise<void> | null = null;

/** Any GET makes the server set the XSRF cookie; do one when it is missing. Uploads use it too. */
export async function ensureXsrfToken(): Promise<string | null> {
  if (!readCookie(XSRF_COOKIE)) {
    xsrfProbe ??= fetch(`${API_BASE}/userInfo`, { credentials: 'include', headers: { Accept: 'application/json' } })
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        xsrfProbe = null;
      });
    await xsrfProbe;
  }
  return readCookie(XSRF_COOKIE);
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = path.startsWith('/api/') ? path : `${API_BASE}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function parseEnvelope(res: Response): Promise<Envelope<unknown>> {
  const text = await res.text();
  try {
    const parsed = JSON.parse(text) as Partial<Envelope<unknown>>;
    if (typeof parsed.code === 'number') return { code: parsed.code, msg: parsed.msg ?? '', data: parsed.data ?? null };
  } catch {
    // Not JSON: a proxy page or a missing route; reported below.
  }
  const code = res.status >= 500 ? ErrorCode.INTERNAL : ClientErrorCode.BAD_RESPONSE;
  throw new ApiError(code, null, `HTTP ${res.status}`, res.status);
}

/** The localised text for a code, falling back to the server's msg. */
export function errorMessage(error: ApiError): string {
  const key = clientErrorKeys[error.code] ?? `errors.${error.code}`;
  if (i18next.exists(key)) return i18next.t(key);
  return error.message || i18next.t('errors.unknown');
}

/** Error texts are not in the first-paint bundle: post the toast once they are loaded. */
function notify(intent: NotifyIntent, text: () => string): void {
  void whenTextsReady().then(() => postNotice(intent, text()));
}

let loginRedirectPending = false;

function handleNotLoggedIn(error: ApiError, options: RequestOptions): void {
  clearSession();
  const logId = (error.data as { logId?: unknown } | null)?.logId;
  if (typeof logId === 'string') setLogId(logId);
  if (options.exempt || isAuthPage() || loginRedirectPending) return;
  loginRedirectPending = true;
  notify('warning', () => i18next.t('errors.40202'));
  // A navigation under way (a protected page's loader got this answer) ends at that loader's own
  // login redirect, back to the page asked for: redirecting here too would send the visitor to log
  // in for the page being left, even after they came back to it (a public page, for instance).
  const loaderRedirects = navigationPending();
  const target = currentPath();
  const version = locationVersion();
  window.setTimeout(() => {
    loginRedirectPending = false;
    // The visitor may have signed in, been redirected by a route loader or moved on meanwhile.
    const stayed = locationVersion() === version && currentPath() === target && !navigationPending();
    if (!loaderRedirects && stayed && !isAuthPage() && !getUserInfo()) navigateTo(loginUrl(target));
  }, LOGIN_REDIRECT_DELAY_MS);
}

function isQuiet(quiet: RequestOptions['quiet'], code: number): boolean {
  return quiet === true || (Array.isArray(quiet) && quiet.includes(code));
}

/** Spec §8: one place that reacts to every failed call. Returns the error for the caller to throw. */
function handleFailure(error: ApiError, options: RequestOptions): ApiError {
  if (error.code === ErrorCode.NOT_LOGGED_IN) {
    handleNotLoggedIn(error, options);
  } else if (error.code === ErrorCode.NOT_LOGIN_WARNING) {
    if (!isQuiet(options.quiet, error.code)) notify('warning', () => errorMessage(error));
  } else {
    if (error.code < 0 || error.code >= 50000) console.error('[api]', error.code, error.message);
    if (isQuiet(options.quiet, error.code)) return error;
    // Spec §6: on admin paths a not-found answer means the page is not for this user.
    const onAdmin = window.location.pathname.toLowerCase().startsWith('/admin');
    const notFound = error.code === ErrorCode.NOT_FOUND || error.status === 404;
    notify('error', () => (onAdmin && notFound ? i18next.t('errors.noPermission') : errorMessage(error)));
  }
  return error;
}

/**
 * Calls the API and returns `data` of a code-200 answer; anything else throws ApiError(code, data)
 * after the spec's handling (toast, session clearing, login redirect).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    const token = await ensureXsrfToken();
    if (token) headers[XSRF_HEADER] = token;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  let envelope: Envelope<unknown>;
  try {
    const res = await fetch(buildUrl(path, options.query), { method, headers, body, credentials: 'include', signal: controller.signal });
    envelope = await parseEnvelope(res);
  } catch (cause) {
    if (cause instanceof ApiError) throw handleFailure(cause, options);
    // The caller cancelled (unmount, new search): nothing to report.
    if (options.signal?.aborted) throw cause;
    const code = timedOut ? ClientErrorCode.TIMEOUT : ClientErrorCode.NETWORK;
    throw handleFailure(new ApiError(code, null, String(cause)), options);
  } finally {
    window.clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
  if (envelope.code === ErrorCode.OK) return envelope.data as T;
  throw handleFailure(new ApiError(envelope.code, envelope.data, envelope.msg), options);
}

export const apiGet = <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
  apiRequest<T>(path, { ...options, method: 'GET' });

export const apiPost = <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
  apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} });
