import { lazy, Suspense } from 'react';

const ErrorPage = lazy(() => import('./error-page').then((m) => ({ default: m.ErrorPage })));

/** errorElement for the route tree: the error page's code loads only when something failed. */
export function LazyErrorPage() {
  return (
    <Suspense fallback={null}>
      <ErrorPage />
    </Suspense>
  );
}
