import { Button, Divider, makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import {
  BoxRegular,
  ChatMultipleRegular,
  HistoryRegular,
  PersonRegular,
  ReceiptRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../../lib/account-api';
import { notify } from '../../../lib/notify';
import { userInfoAtom } from '../../../lib/session';
import { profileSectionAtom, type ProfileSection } from '../atoms';
import { FeedbackUnreadBadge } from './feedback-unread-badge';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '2px' },
  item: { justifyContent: 'flex-start', width: '100%', fontWeight: tokens.fontWeightRegular, gap: '8px' },
  divider: { margin: '6px 0' },
});

const ENTRIES: ReadonlyArray<{ id: ProfileSection; icon: ReactElement }> = [
  { id: 'account', icon: <PersonRegular /> },
  { id: 'products', icon: <BoxRegular /> },
  { id: 'orders', icon: <ReceiptRegular /> },
  { id: 'usage', icon: <HistoryRegular /> },
  { id: 'feedback', icon: <ChatMultipleRegular /> },
];

/** Profile tab: each entry opens the profile modal at its section; logout ends the session. */
export function ProfileMenuList({ onDone }: { onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openSection = useSetAtom(profileSectionAtom);
  const user = useAtomValue(userInfoAtom);

  const onLogout = async () => {
    onDone();
    await logout();
    notify('success', t('auth.logout.done'));
    void navigate('/');
  };

  return (
    <div className={styles.list}>
      {ENTRIES.map((entry) => (
        <Button
          key={entry.id}
          appearance="subtle"
          icon={entry.icon}
          className={styles.item}
          onClick={() => {
            onDone();
            openSection(entry.id);
          }}
        >
          {t(`profile.sections.${entry.id}`)}
          {entry.id === 'feedback' && user && <FeedbackUnreadBadge userId={user.userId} />}
        </Button>
      ))}
      <Divider className={styles.divider} />
      <Button appearance="subtle" icon={<SignOutRegular />} className={styles.item} onClick={() => void onLogout()}>
        {t('nav.logout')}
      </Button>
    </div>
  );
}
