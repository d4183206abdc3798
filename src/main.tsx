import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { appStore } from './lib/store';
import { AppThemeProvider } from './lib/components/app-theme-provider';

async function start(): Promise<void> {
  await initI18n();
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <JotaiProvider store={appStore}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </JotaiProvider>
    </StrictMode>,
  );
  // Spec §4: the user info is loaded when nothing is stored (a session may exist from another tab).
  // Imported lazily: the API client is not needed to paint the home page.
  void import('./lib/account-api').then((m) => m.loadUserInfo());
}

void start();
