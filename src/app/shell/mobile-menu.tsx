import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { DismissRegular } from '@fluentui/react-icons';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../lib/components/router-link';
import { userInfoAtom } from '../../lib/session';
import { MobileAccount } from './mobile-account';
import { MobileNavSections } from './mobile-nav-sections';
import { MobileNotifications } from './mobile-notifications';
import { mobileMenuOpenAtom } from './shell-atoms';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '16px', paddingBottom: '24px' },
  authRow: { display: 'flex', gap: '8px' },
  grow: { flexGrow: 1 },
  section: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '12px' },
});

/** The collapsible menu for small screens: account, notifications, every destination. */
export function MobileMenu() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(mobileMenuOpenAtom);
  const user = useAtomValue(userInfoAtom);
  const close = () => setOpen(false);
  return (
    <OverlayDrawer open={open} onOpenChange={(_e, data) => setOpen(data.open)} position="end" size="small" aria-label={t('nav.menu')}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={t('common.actions.close')} onClick={close} />}
        >
          {t('nav.menu')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        {user ? (
          <MobileAccount user={user} onDone={close} />
        ) : (
          <div className={styles.authRow}>
            <LinkButton to="/login" appearance="primary" className={styles.grow} onClick={close}>
              {t('nav.login')}
            </LinkButton>
            <LinkButton to="/register" className={styles.grow} onClick={close}>
              {t('nav.register')}
            </LinkButton>
          </div>
        )}
        <MobileNotifications />
        <div className={styles.section}>
          <MobileNavSections onNavigate={close} />
        </div>
      </DrawerBody>
    </OverlayDrawer>
  );
}
