import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';

/**
 * Route loaders that import their guard on demand, keeping the API client and its session logic
 * out of the home page's first paint.
 */
export const requireAuth = (args: LoaderFunctionArgs) => import('./require-auth').then((m) => m.requireAuthLoader(args));

export const requireAdmin = (args: LoaderFunctionArgs) => import('./admin-guard').then((m) => m.adminLoader(args));

/** Route `lazy` for an admin page; see adminPage in admin-guard.ts. */
export const adminPage = (load: () => Promise<ComponentType>) => () => import('./admin-guard').then((m) => m.adminPage(load)());
