import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { DismissRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../lib/components/router-link';
import { userInfoAtom } from '../../lib/session';
import { MobileAccount } from './mobile-account';
import { MobileNavSections } from './mobile-nav-sections';
import { MobileNotifications } from './mobile-notifications';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '16px', paddingBottom: '24px' },
  authRow: { display: 'flex', gap: '8px' },
  grow: { flexGrow: 1 },
  section: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '12px' },
});

/**
 * What the small-screen menu holds: account, notifications, every destination. In the app's drawer
 * (mobile-menu.tsx), and rendered by the build into the landing pages for the tap that comes before
 * the app has started (src/prerender/early-menu.tsx, src/app/early-taps.ts: `data-menu-close`).
 */
export function MobileMenuContent({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  return (
    <>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={t('common.actions.close')} onClick={onClose} data-menu-close="" />}
        >
          {t('nav.menu')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        {user ? (
          <MobileAccount user={user} onDone={onClose} />
        ) : (
          <div className={styles.authRow}>
            <LinkButton to="/login" appearance="primary" className={styles.grow} onClick={onClose}>
              {t('nav.login')}
            </LinkButton>
            <LinkButton to="/register" className={styles.grow} onClick={onClose}>
              {t('nav.register')}
            </LinkButton>
          </div>
        )}
        <MobileNotifications />
        <div className={styles.section}>
          <MobileNavSections onNavigate={onClose} />
        </div>
      </DrawerBody>
    </>
  );
}
