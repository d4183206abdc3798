import type { SWRConfiguration } from 'swr';
import { apiGet, ApiError } from './api-client';

const MAX_RETRY_DELAY_MS = 30_000;
const MAX_RETRIES = 6;

interface NetworkInformationLike {
  effectiveType?: string;
}

function isSlowConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
}

/** A business answer (4xx-style code) will not change by asking again. */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code < 0 || error.code >= 50000;
}

/** Spec §9 data-fetch defaults, slower on 2g connections; SWR keys are API paths. */
export function createSwrConfig(): SWRConfiguration {
  const slow = isSlowConnection();
  return {
    fetcher: (key: string) => apiGet(key),
    dedupingInterval: 2000,
    focusThrottleInterval: 5000,
    errorRetryInterval: slow ? 10_000 : 5000,
    loadingTimeout: slow ? 5000 : 3000,
    onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
      if (!isRetryable(error) || retryCount > MAX_RETRIES) return;
      const delay = Math.min((config.errorRetryInterval ?? 5000) * 2 ** (retryCount - 1), MAX_RETRY_DELAY_MS);
      window.setTimeout(() => void revalidate({ retryCount }), delay);
    },
  };
}
