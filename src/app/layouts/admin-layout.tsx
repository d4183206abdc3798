import { Button, InlineDrawer, makeStyles, OverlayDrawer } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { ArrowLeftRegular, NavigationRegular } from '@fluentui/react-icons';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLoaderData } from 'react-router-dom';
import { DataProvider } from '../../lib/components/data-provider';
import { Logo } from '../../lib/components/logo';
import { LinkButton } from '../../lib/components/router-link';
import { BREAKPOINTS } from '../../lib/constants';
import { resolveAdminLanguage, resolveLanguage, setAdminLanguage, switchLanguage } from '../../lib/i18n';
import { useMediaQuery } from '../../lib/hooks/use-media-query';
import { userInfoAtom } from '../../lib/session';
import { NoPermissionPage } from '../pages/no-permission-page';
import { LanguageToggle } from '../shell/language-toggle';
import { adminDrawerOpenAtom } from './admin-atoms';
import { AdminMenu } from './admin-menu';

const useStyles = makeStyles({
  root: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    height: '60px',
    padding: '0 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  logo: { display: 'inline-flex', textDecoration: 'none', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  spacer: { flexGrow: 1 },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  drawer: { width: '260px', borderRight: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1 },
  content: { flexGrow: 1, minWidth: 0, padding: '24px' },
});

/**
 * Staff area: a 260px side menu (a permanent, collapsible panel from the lg breakpoint up, a
 * drawer below it). Managers see it in the admin language (Chinese until they switch here); the
 * site's own language comes back when they leave.
 */
export function AdminLayout() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { isManager } = useLoaderData<{ isManager: boolean }>();
  const user = useAtomValue(userInfoAtom);
  const [panelOpen, setPanelOpen] = useAtom(adminDrawerOpenAtom);
  // The drawer on small screens starts closed each time: open, it would cover the page.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const large = useMediaQuery(`(min-width: ${BREAKPOINTS.lg}px)`);
  const open = large ? panelOpen : drawerOpen;
  const setOpen = large ? setPanelOpen : setDrawerOpen;
  const logoTarget = isManager && user?.mgr ? '/admin/dashboard' : '/';
  const menu = <AdminMenu onNavigate={large ? undefined : () => setDrawerOpen(false)} />;

  useEffect(() => {
    if (!isManager) return undefined;
    void switchLanguage(resolveAdminLanguage());
    return () => void switchLanguage(resolveLanguage());
  }, [isManager]);
  return (
    <div className={styles.root}>
      <header className={styles.header}>
        {isManager && (
          <Button appearance="subtle" icon={<NavigationRegular />} aria-label={t('admin.menu.toggle')} aria-expanded={open} onClick={() => setOpen(!open)} />
        )}
        <Link to={logoTarget} className={styles.logo} aria-label={t('nav.logoHome')}>
          <Logo />
        </Link>
        <span className={styles.spacer} />
        <LanguageToggle onChange={isManager ? setAdminLanguage : undefined} />
        <LinkButton to="/" appearance="subtle" icon={<ArrowLeftRegular />}>
          {t('admin.backToSite')}
        </LinkButton>
      </header>
      <div className={styles.body}>
        {isManager &&
          (large ? (
            <InlineDrawer open={open} className={styles.drawer} separator>
              {menu}
            </InlineDrawer>
          ) : (
            <OverlayDrawer open={open} onOpenChange={(_e, data) => setOpen(data.open)} className={styles.drawer} aria-label={t('admin.menu.label')}>
              {menu}
            </OverlayDrawer>
          ))}
        <main className={styles.content}>{isManager ? <DataProvider><Outlet /></DataProvider> : <NoPermissionPage />}</main>
      </div>
    </div>
  );
}
