import { Button, CounterBadge, makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { unreadNotificationsAtom } from './shell-atoms';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: '8px', marginBottom: '8px' },
  grow: { flexGrow: 1 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: {
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  unread: { backgroundColor: tokens.colorBrandBackground2 },
  text: { display: 'block', color: tokens.colorNeutralForeground2 },
});

const NOTICES = ['batch', 'offline'] as const;

/** What's new: the two announcements behind the menu badge; reading them clears it. */
export function MobileNotifications() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [unread, setUnread] = useAtom(unreadNotificationsAtom);
  return (
    <section aria-labelledby="mobile-notices">
      <div className={styles.head}>
        <Text id="mobile-notices" weight="semibold">
          {t('nav.notifications.title')}
        </Text>
        {unread > 0 && <CounterBadge count={unread} size="small" color="danger" aria-label={t('nav.notifications.unread', { count: unread })} />}
        <span className={styles.grow} />
        {unread > 0 && (
          <Button size="small" appearance="transparent" onClick={() => setUnread(0)}>
            {t('nav.notifications.markRead')}
          </Button>
        )}
      </div>
      <ul className={styles.list}>
        {NOTICES.map((id) => (
          <li key={id} className={`${styles.item} ${unread > 0 ? styles.unread : ''}`}>
            <Text weight="semibold">{t(`nav.notifications.items.${id}.title`)}</Text>
            <Text size={200} className={styles.text}>
              {t(`nav.notifications.items.${id}.body`)}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
