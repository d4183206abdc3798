import type { UserInfo } from '@contracts/user';
import { apiGet, isApiError } from './api-client';
import { isProtectedPath } from './protected-paths';
import { clearSession, getUserInfo, setUserInfo } from './session';

let inFlight: Promise<UserInfo | null> | null = null;

/**
 * The signed-in user: the stored copy unless absent or `force`d, else GET /userInfo. A 40202
 * answer sends the visitor to the login page unless `exempt` (default: the current page is
 * public). Any
 * non-200 answer means signed out (null). A network failure keeps the stored copy, so a flaky
 * connection does not look like a logout.
 */
export function loadUserInfo(options: { force?: boolean; exempt?: boolean } = {}): Promise<UserInfo | null> {
  const stored = getUserInfo();
  if (stored && !options.force) return Promise.resolve(stored);
  const exempt = options.exempt ?? !isProtectedPath(window.location.pathname);
  inFlight ??= apiGet<UserInfo>('/userInfo', { exempt, quiet: true })
    .then((user) => {
      setUserInfo(user);
      return user;
    })
    .catch((error: unknown) => {
      if (isApiError(error) && error.code > 0) {
        setUserInfo(null);
        return null;
      }
      return getUserInfo();
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export async function logout(): Promise<void> {
  try {
    await apiGet<null>('/user/logout', { quiet: true, exempt: true });
  } finally {
    clearSession();
  }
}
