/**
 * The one error catalogue shared by API, browser and workers: the spec's section 8 plus
 * API.md's codes. The user-facing text for each code lives in `locales/<lang>/errors.json`
 * under its number; `msg` in the envelope is for logs and other clients.
 */
export const ErrorCode = {
  OK: 200,
  /** Spec: plain 'Not login' warning. */
  NOT_LOGIN_WARNING: 414,
  FEATURE_MISSING: 1001,
  NO_BATCH: 1002,
  BATCH_TOO_LARGE: 1003,
  NO_CONVERSIONS_LEFT: 1004,
  FILE_TOO_LARGE: 1005,
  /** Added: the files the user holds on the server (uploads and results, until deleted) reached the package's storage cap. */
  STORAGE_FULL: 1006,
  VALIDATION_FAILED: 40001,
  BAD_CREDENTIALS: 40101,
  NOT_LOGGED_IN: 40202,
  FORBIDDEN: 40301,
  /** Added: state-changing request without a valid X-XSRF-TOKEN header. */
  XSRF_INVALID: 40302,
  /** Added: staff disabled this account; it cannot sign in (password or Google) until enabled again. */
  ACCOUNT_DISABLED: 40304,
  NOT_FOUND: 40404,
  USER_TAKEN: 40901,
  /** Added: the order is no longer in a state that allows this (paid, cancelled, expired or refunded; or a refund of it is in progress). */
  ORDER_STATE: 40902,
  /** Added: the user already has this membership (not ended); `data: {subscriptionId, status}`. Manage it in My products. */
  MEMBERSHIP_EXISTS: 40903,
  /** Added: users hold this bundle (grants, orders or memberships), so it cannot be deleted; unpublish it instead. `data: {grants, orders, subscriptions}`. */
  BUNDLE_IN_USE: 40904,
  GONE: 41001,
  /** Added: request body larger than the server accepts at all. */
  PAYLOAD_TOO_LARGE: 41301,
  UNSUPPORTED_CONTENT: 41501,
  TOO_MANY_ATTEMPTS: 42901,
  /** Added: today's refunds of device-side uses (browser conversions and tool uses together) are used up; the use stays spent. `data: {allowed}`. */
  REFUND_BUDGET_SPENT: 42902,
  /** Added: unexpected server failure; details only in the logs. */
  INTERNAL: 50001,
  /** Added: the payment provider refused or could not be reached; nothing was charged. */
  PAYMENT_FAILED: 50201,
  /** Added: a web page read by URL could not be fetched (no answer in time, unreachable, or an error status from its server); `data.reason`. */
  PAGE_UNREACHABLE: 50202,
  QUEUE_FULL: 50301,
  /** API.md: the AI model service (LLM endpoint) is not configured or not reachable; the offline features still work. */
  AI_UNAVAILABLE: 50302,
  /** Added: a dependency (the database) is down; retry after `Retry-After` seconds. */
  SERVICE_UNAVAILABLE: 50303,
  /** Added: the server is below its free-disk floor and takes no uploads; retry after `Retry-After` seconds. */
  INSUFFICIENT_STORAGE: 50701,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status for each code: business outcomes the client handles travel as 200. */
export function codeToStatus(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.XSRF_INVALID:
      return 403;
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return 413;
    case ErrorCode.TOO_MANY_ATTEMPTS:
      return 429;
    case ErrorCode.INTERNAL:
      return 500;
    case ErrorCode.PAYMENT_FAILED:
      return 502;
    case ErrorCode.QUEUE_FULL:
    case ErrorCode.AI_UNAVAILABLE:
    case ErrorCode.SERVICE_UNAVAILABLE:
      return 503;
    case ErrorCode.INSUFFICIENT_STORAGE:
      return 507;
    default:
      return 200;
  }
}

export const allErrorCodes: readonly ErrorCode[] = Object.values(ErrorCode);
