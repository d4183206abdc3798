import { makeStyles, Tab, TabList, Text, Title1 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { FlowsTab } from './flows-tab';
import { RecorderTab } from './recorder-tab';
import { SettingsTab } from './settings-tab';

const TABS = ['flows', 'recorder', 'settings'] as const;
type TabId = (typeof TABS)[number];

const useStyles = makeStyles({
  page: { maxWidth: '1100px', margin: '0 auto', padding: '24px 16px', display: 'flex', flexDirection: 'column', gap: '12px' },
  intro: { color: tokens.colorNeutralForeground2 },
  tabs: { overflowX: 'auto' },
});

/** /products/automation: flows (edit, run, history, schedules), the recorder, and the allow-list and credentials. */
export function AutomationPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('flows');
  const [openFlow, setOpenFlow] = useState<string | null>(null);

  return (
    <main className={styles.page}>
      <Title1 as="h1">{t('automation.title')}</Title1>
      <Text className={styles.intro}>{t('automation.intro')}</Text>
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as TabId)}>
        {TABS.map((id) => (
          <Tab key={id} value={id}>
            {t(`automation.tabs.${id}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={t(`automation.tabs.${tab}`)}>
        {tab === 'flows' && <FlowsTab openFlow={openFlow} onOpen={setOpenFlow} />}
        {tab === 'recorder' && (
          <RecorderTab
            onSaved={(flowId) => {
              setOpenFlow(flowId);
              setTab('flows');
            }}
          />
        )}
        {tab === 'settings' && <SettingsTab />}
      </div>
    </main>
  );
}
