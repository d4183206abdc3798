import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ProfileMenuTrigger } from '../../features/profile/components/profile-menu-trigger';
import { SearchTrigger } from '../../features/search/components/search-trigger';
import { Logo } from '../../lib/components/logo';
import { CtaLink } from '../../lib/components/cta-link';
import { MEDIA } from '../../lib/constants';
import { loginUrl } from '../../lib/navigation';
import { userInfoAtom } from '../../lib/session';
import { DesktopNav } from './desktop-nav';
import { LanguageToggle } from './language-toggle';
import { MobileMenuButton } from './mobile-menu-button';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 100,
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    backdropFilter: 'saturate(180%) blur(12px)',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  inner: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    height: '64px',
    maxWidth: '1200px',
    margin: '0 auto',
    padding: '0 20px',
    boxSizing: 'border-box',
    [MEDIA.belowSm]: { gap: '4px', padding: '0 12px' },
  },
  logo: {
    display: 'inline-flex',
    textDecoration: 'none',
    marginRight: '12px',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  spacer: { flexGrow: 1 },
  desktopOnly: { [MEDIA.belowMd]: { display: 'none' } },
  hideOnPhone: { [MEDIA.belowSm]: { display: 'none' } },
});

/** The main layout's header: logo, navigation, search, language, contact, account. */
export function AppHeader() {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={t('nav.logoHome')}>
          <Logo />
        </Link>
        <DesktopNav />
        <div className={styles.spacer} />
        <SearchTrigger />
        <LanguageToggle />
        <CtaLink to="/contact" appearance="subtle" className={styles.desktopOnly}>
          {t('nav.contact')}
        </CtaLink>
        {user ? (
          <span className={styles.hideOnPhone}>
            <ProfileMenuTrigger user={user} />
          </span>
        ) : (
          <CtaLink to={here === '/' ? '/login' : loginUrl(here)} appearance="primary" className={styles.hideOnPhone}>
            {t('nav.login')}
          </CtaLink>
        )}
        <MobileMenuButton />
      </div>
    </header>
  );
}
