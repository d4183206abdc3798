import { lazy, Suspense, useEffect, useState } from 'react';

const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

type UpdateFn = (reloadPage?: boolean) => Promise<void>;

/**
 * Registers the service worker once the page is idle (registerType 'prompt': a new version waits
 * until the user accepts), and shows the "new version available" prompt when one is waiting.
 */
export function UpdatePromptHost() {
  const [update, setUpdate] = useState<UpdateFn | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const start = () => {
      void import('virtual:pwa-register').then(({ registerSW }) => {
        if (cancelled) return;
        const updateSW = registerSW({
          onNeedRefresh: () => setUpdate(() => updateSW),
        });
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
    };
  }, []);
  if (!update) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt onReload={() => void update(true)} onDismiss={() => setUpdate(null)} />
    </Suspense>
  );
}
