import { createDOMRenderer } from '@fluentui/react-components';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppTree, appReady } from './app-tree';
import { rehydrateStyles } from './rehydrate-styles';
import { createAppRouter, loadCurrentRoutes } from './router';
import { currentLanguage, initI18n, whenTextsReady } from '../lib/i18n';
import { rememberPageVariant } from '../lib/page-variant';
import { getUserInfo } from '../lib/session';
import { appStore } from '../lib/store';
import { colorSchemeAtom } from '../lib/theme-preference';

/**
 * Starts the app in #root (hydrates a prerendered page, renders any other); resolves once it is on
 * screen. `pause`, when given, lets the browser in between the steps (a prerendered page is already
 * on screen, so spreading the start over several short tasks costs the visitor nothing).
 */
export async function start(pause: () => Promise<void> = () => Promise.resolve()): Promise<void> {
  await initI18n();
  await pause();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The server sent this page prerendered (scripts/build/prerender-pages.ts) in the language shown.
  // Prerendered pages are light and anonymous: a visitor whose pages open dark, or who is signed in
  // (the header shows the account), gets them rendered anew instead. Hydrating would not match, and
  // React would log error #418 and render the whole tree again anyway.
  const hydrate = container.dataset.prerendered === currentLanguage() && appStore.get(colorSchemeAtom) === 'light' && getUserInfo() === null;
  // Before hydrating: the page's lazy routes, and every text the page was prerendered with. Texts
  // arriving mid-hydration would re-render every translated component at once, in one long task.
  if (hydrate) await Promise.all([loadCurrentRoutes(), whenTextsReady()]);
  await pause();
  const router = createAppRouter();
  // The prerendered page's style rules, known to the renderer before the first render, so none is
  // inserted twice (read without a CSS parser: rehydrate-styles.ts), in a task of its own.
  const renderer = createDOMRenderer();
  if (hydrate) {
    rehydrateStyles(renderer);
    await pause();
  }
  const app = (
    <AppTree store={appStore} renderer={renderer} rehydrated={hydrate}>
      <RouterProvider router={router} />
    </AppTree>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (the page is already on screen, so nothing waits for it).
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  rememberPageVariant({ lang: currentLanguage() });
  await appReady;
  // Spec §4: the user info is loaded when nothing is stored (a session may exist from another tab).
  // Imported lazily: the API client is not needed to paint the home page. Only once hydration has
  // finished: an answer arriving mid-hydration would update the store, and React would finish
  // hydrating the rest in one long synchronous task instead of in slices.
  void import('../lib/account-api').then((m) => m.loadUserInfo());
  // PDF tool runs made offline are recorded with the server now and whenever the device is back online.
  void import('../features/pdf-tools/offline/offline-sync').then((m) => m.startOfflineUseSync());
}

