import { useCallback } from 'react';
import useSWR from 'swr';
import type { Envelope } from '@contracts/envelope';
import { ErrorCode } from '@contracts/error-codes';
import {
  HELPER_DEFAULT_PORT,
  HELPER_NAME,
  type BasePathRequest,
  type DownloadState,
  type DownloadStatus,
  type FilesResult,
  type FrameRequest,
  type HelperConfig,
  type LoginResult,
  type MergeRequest,
  type MergeResult,
  type SplitRequest,
  type VideoInfo,
} from '@contracts/local-helper';
import { ApiError, ClientErrorCode } from './api-client';
import { readStorage, writeStorage } from './storage';

/**
 * The browser side of the local video helper (helper/, docs/local-helper.md): detection, pairing
 * and the spec's local calls. In src/lib because two features use it (video tools and YouTube).
 */

const TOKEN_KEY = 'videoHelper.token';
const URL_KEY = 'videoHelper.url';
export const DEFAULT_HELPER_URL = `http://127.0.0.1:${HELPER_DEFAULT_PORT}`;
/** A helper that runs answers in milliseconds; a closed port fails at once. This bounds a hung one. */
const DETECT_TIMEOUT_MS = 2_500;
const CALL_TIMEOUT_MS = 60_000;

export type LocalHelperState = 'absent' | 'unpaired' | 'paired';

export interface LocalHelperStatus {
  state: LocalHelperState;
  /** The helper's settings, when paired. */
  config: HelperConfig | null;
}

/** Where the helper listens: the address saved on the config panel (HELPER_PORT changes it), else the default. */
export function helperUrl(): string {
  return readStorage(URL_KEY) ?? DEFAULT_HELPER_URL;
}

export function setHelperUrl(url: string | null): void {
  const clean = url?.trim().replace(/\/+$/, '') ?? '';
  writeStorage(URL_KEY, clean === '' || clean === DEFAULT_HELPER_URL ? null : clean);
}

const readToken = () => readStorage(TOKEN_KEY);

/** One call to the helper with this browser's token; the envelope's error becomes an ApiError. */
export async function callHelper<T>(method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs = CALL_TIMEOUT_MS): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${helperUrl()}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // The helper is on another origin; it never sees the app's cookies.
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? ClientErrorCode.TIMEOUT : ClientErrorCode.NETWORK, null, 'local helper unreachable');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(ClientErrorCode.BAD_RESPONSE, null, `HTTP ${res.status}`, res.status);
  }
  if (envelope.code === ErrorCode.NOT_LOGGED_IN) writeStorage(TOKEN_KEY, null);
  if (envelope.code !== ErrorCode.OK) throw new ApiError(envelope.code, envelope.data, envelope.msg, res.status);
  return envelope.data;
}

async function detect(): Promise<LocalHelperStatus> {
  try {
    const config = await callHelper<HelperConfig>('GET', '/config', undefined, DETECT_TIMEOUT_MS);
    return config.name === HELPER_NAME ? { state: 'paired', config } : { state: 'absent', config: null };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.NOT_LOGGED_IN) return { state: 'unpaired', config: null };
    return { state: 'absent', config: null };
  }
}

export const localHelper = {
  detect,
  /** Exchanges the one-time code the helper printed for a token kept in this browser. */
  async pair(code: string): Promise<void> {
    const { token } = await callHelper<LoginResult>('POST', '/login', { code: code.trim() });
    writeStorage(TOKEN_KEY, token);
  },
  async logout(): Promise<void> {
    try {
      await callHelper<null>('GET', '/logout');
    } finally {
      writeStorage(TOKEN_KEY, null);
    }
  },
  config: () => callHelper<HelperConfig>('GET', '/config'),
  setBasePath: (body: BasePathRequest) => callHelper<HelperConfig>('POST', '/config/base-path', body),
  /** Starts a download; a running one is cancelled (spec §9: serial downloads). */
  download: (url: string, opts: { fileName?: string; formatId?: string } = {}) =>
    callHelper<DownloadState>('POST', '/video/download', { url, ...opts }),
  cancel: () => callHelper<DownloadStatus>('POST', '/video/download/cancel', {}),
  status: () => callHelper<DownloadStatus>('GET', '/video/download/status'),
  info: (url: string) => callHelper<VideoInfo>('POST', '/video/info', { url }),
  frame: (body: FrameRequest) => callHelper<FilesResult>('POST', '/video/frame', body),
  split: (body: SplitRequest) => callHelper<FilesResult>('POST', '/video/split', body),
  mergeRandom: (body: MergeRequest) => callHelper<MergeResult>('POST', '/video/merge/random', body),
};

export const LOCAL_HELPER_STATUS_KEY = 'local-helper:status';

/**
 * Whether the helper runs and is paired with this browser, re-checked every few seconds while the
 * page is visible, so starting the helper in a terminal shows up without a reload.
 */
export function useLocalHelperStatus(): LocalHelperStatus & { checking: boolean; refresh: () => Promise<void> } {
  const { data, isLoading, mutate } = useSWR<LocalHelperStatus>(LOCAL_HELPER_STATUS_KEY, detect, {
    refreshInterval: (latest) => (latest?.state === 'paired' ? 15_000 : 4_000),
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  return { state: data?.state ?? 'absent', config: data?.config ?? null, checking: isLoading, refresh };
}

/** Live download progress while one runs (polling the helper; it keeps the state). */
export function useDownloadStatus(enabled: boolean): { status: DownloadStatus | null; refresh: () => Promise<void> } {
  const { data, mutate } = useSWR<DownloadStatus>(enabled ? 'local-helper:downloads' : null, () => localHelper.status(), {
    refreshInterval: (latest) => (latest?.current?.state === 'running' ? 500 : 5_000),
    shouldRetryOnError: false,
  });
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  return { status: data ?? null, refresh };
}
