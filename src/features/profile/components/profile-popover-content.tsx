import { Avatar, Divider, makeStyles, Tab, TabList, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@contracts/user';
import { ProfileMenuList } from './profile-menu-list';
import { SettingsPanel } from './settings-panel';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: '12px', padding: '16px 16px 12px' },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  sub: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  tabs: { padding: '0 8px' },
  body: { padding: '8px' },
});

interface Props {
  user: UserInfo;
  onDone: () => void;
}

/** The profile popover: who is signed in, then tabs Profile (menu entries) and Setting. */
export function ProfilePopoverContent({ user, onDone }: Props) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [tab, setTab] = useState<'profile' | 'setting'>('profile');
  return (
    <div>
      <div className={styles.head}>
        <Avatar name={user.name || user.userId} color="brand" size={40} />
        <div className={styles.who}>
          <Text weight="semibold">{user.name || user.userId}</Text>
          <Text size={200} className={styles.sub}>
            {user.email}
          </Text>
        </div>
      </div>
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_e, data) => setTab(data.value as 'profile' | 'setting')}
        size="small"
      >
        <Tab value="profile">{t('profile.menu.tabProfile')}</Tab>
        <Tab value="setting">{t('profile.menu.tabSetting')}</Tab>
      </TabList>
      <Divider />
      <div className={styles.body} role="tabpanel" aria-label={tab === 'profile' ? t('profile.menu.tabProfile') : t('profile.menu.tabSetting')}>
        {tab === 'profile' ? <ProfileMenuList onDone={onDone} /> : <SettingsPanel onDone={onDone} />}
      </div>
    </div>
  );
}
