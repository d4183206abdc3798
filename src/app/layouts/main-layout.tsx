import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { AppHeader } from '../shell/app-header';
import { whenTextsReady } from '../../lib/i18n';
import { OverlayHosts } from '../shell/lazy-hosts';

// Below the fold on every page: fetched after the first paint.
const AppFooter = lazy(() =>
  Promise.all([import('../shell/app-footer'), whenTextsReady()]).then(([m]) => ({ default: m.AppFooter })),
);
// The floating feedback button (tool pages, pricing) and the feedback form: after the first paint too.
const FeedbackHost = lazy(() =>
  Promise.all([import('../../features/feedback/components/feedback-host'), whenTextsReady()]).then(([m]) => ({ default: m.FeedbackHost })),
);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  main: { flexGrow: 1, outline: 'none' },
  skip: {
    position: 'absolute',
    left: '12px',
    top: '-60px',
    zIndex: 200,
    padding: '8px 14px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':focus': { top: '12px' },
  },
});

/** Header, page, footer; the search, profile and mobile-menu overlays load on first use. */
export function MainLayout() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <a className={styles.skip} href="#main">
        {t('nav.skipToContent')}
      </a>
      <AppHeader />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <AppFooter />
      </Suspense>
      <OverlayHosts />
      <Suspense fallback={null}>
        <FeedbackHost />
      </Suspense>
    </div>
  );
}
