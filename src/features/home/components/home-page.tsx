import { lazy, Suspense } from 'react';
import { whenTextsReady } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { HeroBanner } from './hero-banner';

// Its texts (homeSections) are outside the first-paint bundle too.
const HomeBelowFold = lazy(() =>
  Promise.all([import('./home-below-fold'), whenTextsReady()]).then(([m]) => ({ default: m.HomeBelowFold })),
);

/**
 * Home: the banner paints first; feature cards, showcase, customer comments and the contact
 * section follow in a second chunk (they start below the fold on every screen size).
 */
export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <HeroBanner />
      <Suspense fallback={<div style={{ minHeight: '100vh' }} />}>
        <HomeBelowFold />
      </Suspense>
    </>
  );
}
