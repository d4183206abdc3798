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

let blank: Document | undefined;
/** A document with no style elements: what RendererProvider scans when the styles were taken over before. */
function emptyDocument(): Document {
  blank ??= document.implementation.createHTMLDocument('');
  return blank;
}
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
export function AppTree({ store, renderer, rehydrated = false, children }: { store: Store; renderer: GriffelRenderer; rehydrated?: boolean; children: ReactNode }) {
  return (
    <StrictMode>
      {/* A renderer that took over the page's styles already (boot.tsx, in a task of its own) is
          given an empty document, so that RendererProvider does not parse every rule again inside
          the first render. */}
      <RendererProvider renderer={renderer} {...(rehydrated ? { targetDocument: emptyDocument() } : {})}>
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
