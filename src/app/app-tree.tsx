import { Provider as JotaiProvider } from 'jotai';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { AppThemeProvider } from '../lib/components/app-theme-provider';

type Store = Parameters<typeof JotaiProvider>[0]['store'];

/**
 * Marks <html data-app-ready> once the app has rendered or hydrated (effects run after either):
 * until then a prerendered page is on screen but its buttons do nothing. Tests wait for it.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    markReady();
  }, []);
  return null;
}

let markReady: () => void = () => {};
/** Resolves once the app has rendered or hydrated. */
export const appReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** The providers around the router, the same in the browser and when pages are prerendered (hydration needs one tree). */
export function AppTree({ store, children }: { store: Store; children: ReactNode }) {
  return (
    <StrictMode>
      <JotaiProvider store={store}>
        <AppThemeProvider>
          {children}
          <AppReady />
        </AppThemeProvider>
      </JotaiProvider>
    </StrictMode>
  );
}
