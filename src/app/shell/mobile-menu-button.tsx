import { makeStyles } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../lib/components/count-badge';
import { ShellButton } from '../../lib/components/shell-button';
import { MEDIA } from '../../lib/constants';
import { mobileMenuOpenAtom, unreadNotificationsAtom } from './shell-atoms';

const useStyles = makeStyles({
  wrap: { position: 'relative', display: 'none', [MEDIA.belowMd]: { display: 'inline-flex' } },
  badge: { position: 'absolute', top: '-2px', right: '-2px', pointerEvents: 'none' },
});

/** The hamburger shown below the md breakpoint, with the unread-notifications badge. */
export function MobileMenuButton() {
  const styles = useStyles();
  const { t } = useTranslation();
  const unread = useAtomValue(unreadNotificationsAtom);
  const setOpen = useSetAtom(mobileMenuOpenAtom);
  return (
    <span className={styles.wrap}>
      <ShellButton
        iconOnly
        aria-label={unread > 0 ? t('nav.openMenuWithCount', { count: unread }) : t('nav.openMenu')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="mobile-menu-button"
        // Before the app has started, a tap opens the menu prerendered in the page (early-taps.ts).
        data-early-menu=""
      >
        <NavigationRegular aria-hidden />
      </ShellButton>
      {unread > 0 && <CountBadge className={styles.badge} count={unread} />}
    </span>
  );
}
