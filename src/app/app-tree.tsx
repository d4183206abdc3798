import { RendererProvider, type GriffelRenderer } from '@fluentui/react-components';
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

/**
 * The providers around the router, the same in the browser and when pages are prerendered
 * (hydration needs one tree). `renderer` writes Griffel's styles: in the browser it first takes
 * over the style elements a prerendered page arrived with (RendererProvider rehydrates its cache
 * from them), so hydrating inserts no rule twice.
 */
export function AppTree({ store, renderer, children }: { store: Store; renderer: GriffelRenderer; children: ReactNode }) {
  return (
    <StrictMode>
      <RendererProvider renderer={renderer}>
        <JotaiProvider store={store}>
          <AppThemeProvider>
            {children}
            <AppReady />
          </AppThemeProvider>
        </JotaiProvider>
      </RendererProvider>
    </StrictMode>
  );
}
