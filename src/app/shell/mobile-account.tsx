import { Avatar, Button, makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { SignOutRegular } from '@fluentui/react-icons';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { UserInfo } from '@contracts/user';
import { PROFILE_SECTIONS, profileSectionAtom } from '../../features/profile/atoms';
import { FeedbackUnreadBadge } from '../../features/profile/components/feedback-unread-badge';
import { logout } from '../../lib/account-api';
import { notify } from '../../lib/notify';

const useStyles = makeStyles({
  who: { display: 'flex', alignItems: 'center', gap: '12px', marginBottom: '8px' },
  sub: { color: tokens.colorNeutralForeground3, display: 'block' },
  entries: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '6px' },
  entry: { justifyContent: 'flex-start', gap: '6px' },
});

/** The signed-in block of the mobile menu: the profile entries and logout. */
export function MobileAccount({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openSection = useSetAtom(profileSectionAtom);
  const onLogout = async () => {
    onDone();
    await logout();
    notify('success', t('auth.logout.done'));
    void navigate('/');
  };
  return (
    <div>
      <div className={styles.who}>
        <Avatar name={user.name || user.userId} color="brand" />
        <div>
          <Text weight="semibold">{user.name || user.userId}</Text>
          <Text size={200} className={styles.sub}>
            {user.email}
          </Text>
        </div>
      </div>
      <div className={styles.entries}>
        {PROFILE_SECTIONS.map((id) => (
          <Button
            key={id}
            size="small"
            className={styles.entry}
            onClick={() => {
              onDone();
              openSection(id);
            }}
          >
            {t(`profile.sections.${id}`)}
            {id === 'feedback' && <FeedbackUnreadBadge userId={user.userId} />}
          </Button>
        ))}
        <Button
          size="small"
          className={styles.entry}
          icon={<SignOutRegular />}
          onClick={() => void onLogout()}
        >
          {t('nav.logout')}
        </Button>
      </div>
    </div>
  );
}
