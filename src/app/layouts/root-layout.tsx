import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { ToasterHost } from '../shell/lazy-hosts';
import { NavigationProgress } from '../shell/navigation-progress';
import { UpdatePromptHost } from '../pwa/update-prompt-host';

/** Scrolls to #fragment targets after client-side navigation (ScrollRestoration ignores hashes). */
function useHashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, pathname]);
}

/** Wraps every layout: toasts, the PWA update prompt and scroll handling. */
export function RootLayout() {
  useHashScroll();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ToasterHost />
      <UpdatePromptHost />
      <ScrollRestoration />
    </>
  );
}
