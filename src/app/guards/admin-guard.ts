import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { loadUserInfo } from '../../lib/account-api';
import { loginUrl } from '../../lib/navigation';

/** Admin paths need a fresh user check: the mgr flag decides, not the copy in storage. */
export async function adminLoader({ request }: LoaderFunctionArgs) {
  const user = await loadUserInfo({ force: true, exempt: false });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search));
  }
  return { isManager: user.mgr };
}

/**
 * Lazy loader for an admin page: its code is fetched only when the user check shows a manager;
 * everyone else gets the no-permission page without downloading any admin code.
 */
export function adminPage(load: () => Promise<ComponentType>) {
  return async () => {
    const user = await loadUserInfo();
    if (!user?.mgr) {
      const { NoPermissionPage } = await import('../pages/no-permission-page');
      return { Component: NoPermissionPage };
    }
    return { Component: await load() };
  };
}
