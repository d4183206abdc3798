import { FluentProvider, type Theme } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { rememberPageVariant } from '../page-variant';
import { appStore } from '../store';
import { appTheme } from '../theme';
import { applyDocumentScheme, colorSchemeAtom } from '../theme-preference';

let loadedDark: Theme | null = null;
let loadingDark: Promise<Theme> | null = null;

/** The dark theme's chunk, fetched once. */
function loadDarkTheme(): Promise<Theme> {
  loadingDark ??= import('../theme-dark').then((m) => (loadedDark = m.darkTheme));
  return loadingDark;
}

// A page that opens dark starts fetching its theme now, alongside the texts main.tsx awaits.
if (typeof window !== 'undefined' && appStore.get(colorSchemeAtom) === 'dark') void loadDarkTheme();

/**
 * Fluent's provider with the chosen theme (Settings: light, dark or the system's). Switching to
 * dark keeps the light theme on screen for the moment its chunk takes; only a page that opens
 * dark waits for it (index.html already paints the dark background).
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useAtomValue(colorSchemeAtom);
  const [dark, setDark] = useState<Theme | null>(loadedDark);
  const [shown, setShown] = useState<Theme | null>(scheme === 'dark' ? dark : appTheme);
  const wanted = scheme === 'dark' ? dark : appTheme;
  // Derived state, adjusted during render (react.dev "storing information from previous renders").
  if (wanted !== null && wanted !== shown) setShown(wanted);

  useEffect(() => {
    if (scheme === 'dark' && dark === null) void loadDarkTheme().then(setDark);
  }, [scheme, dark]);

  useEffect(() => {
    if (!shown) return;
    applyDocumentScheme(shown === appTheme ? 'light' : 'dark', shown.colorNeutralBackground2);
    rememberPageVariant({ dark: shown !== appTheme });
  }, [shown]);

  if (!shown) return null;
  return (
    <FluentProvider theme={shown} style={{ backgroundColor: 'transparent' }}>
      {children}
    </FluentProvider>
  );
}
