import { useAtomValue } from 'jotai';
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { loadUserInfo } from '../../lib/account-api';
import { loginUrl } from '../../lib/navigation';
import { userInfoAtom } from '../../lib/session';
import { NoPermissionPage } from '../pages/no-permission-page';
import { RouteFallback } from '../pages/route-fallback';

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
 * everyone else gets the no-permission page without downloading any admin code. React Router
 * keeps what `lazy` returned, so for a visitor who is not (yet) a manager the page is a gate that
 * reads the session as it renders: after signing in as a manager it loads the real page.
 */
export function adminPage(load: () => Promise<ComponentType>) {
  return async () => {
    const user = await loadUserInfo();
    if (!user?.mgr) return { Component: managerGate(load) };
    return { Component: await load() };
  };
}

function managerGate(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return function ManagerGate() {
    const user = useAtomValue(userInfoAtom);
    if (!user?.mgr) return createElement(NoPermissionPage);
    return createElement(Suspense, { fallback: createElement(RouteFallback) }, createElement(Page));
  };
}
