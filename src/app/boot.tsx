import { createDOMRenderer } from '@fluentui/react-components';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppTree, appReady } from './app-tree';
import { createAppRouter, loadCurrentRoutes } from './router';
import { currentLanguage, initI18n } from '../lib/i18n';
import { rememberPageVariant } from '../lib/page-variant';
import { appStore } from '../lib/store';
import { colorSchemeAtom } from '../lib/theme-preference';

/** Starts the app in #root (hydrates a prerendered page, renders any other); resolves once it is on screen. */
export async function start(): Promise<void> {
  await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The server sent this page prerendered (scripts/build/prerender-pages.ts) in the language shown.
  // Prerendered pages are light: a visitor whose pages open dark gets them rendered anew instead.
  const hydrate = container.dataset.prerendered === currentLanguage() && appStore.get(colorSchemeAtom) === 'light';
  if (hydrate) await loadCurrentRoutes();
  const app = (
    <AppTree store={appStore} renderer={createDOMRenderer()}>
      <RouterProvider router={createAppRouter()} />
    </AppTree>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (the page is already on screen, so nothing waits for it).
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  rememberPageVariant({ lang: currentLanguage() });
  // Spec §4: the user info is loaded when nothing is stored (a session may exist from another tab).
  // Imported lazily: the API client is not needed to paint the home page.
  void import('../lib/account-api').then((m) => m.loadUserInfo());
  await appReady;
}

