import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, MessageBar, MessageBarBody, Spinner, Tab, TabList, Title2 } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { PATHS } from '../../../lib/paths';
import { botPath, deleteBot, fetchJson, type QaBot } from '../api';
import { AnalyticsTab } from './analytics-tab';
import { EmbedTab } from './embed-tab';
import { HandoffsTab } from './handoffs-tab';
import { PairsTab } from './pairs-tab';
import { SemanticProgress, semanticRefresh } from './semantic-progress';
import { SuggestionsTab } from './suggestions-tab';
import { SynonymsTab } from './synonyms-tab';
import { TryTab } from './try-tab';

const TABS = ['pairs', 'synonyms', 'try', 'handoffs', 'suggestions', 'analytics', 'embed'] as const;
type TabId = (typeof TABS)[number];

const useStyles = makeStyles({
  page: { maxWidth: '1100px', margin: '0 auto', padding: '16px', display: 'flex', flexDirection: 'column', gap: '12px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap', justifyContent: 'space-between' },
  tabs: { overflowX: 'auto' },
});

/** /products/qaBot/:botId: one bot, its tabs. */
export function QaBotPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const botId = useParams().botId ?? '';
  const { data: bot, error, isLoading } = useSWR<QaBot, Error>(botPath(botId), fetchJson, { refreshInterval: semanticRefresh });
  const [tab, setTab] = useState<TabId>('pairs');
  const [confirming, setConfirming] = useState(false);

  if (isLoading) return <Spinner label={t('qaBot.loading')} />;
  if (error !== undefined || !bot) {
    return (
      <main className={styles.page}>
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('qaBot.notFound')}</MessageBarBody>
        </MessageBar>
        <Link to={PATHS.qaBot}>{t('qaBot.back')}</Link>
      </main>
    );
  }

  const remove = async () => {
    await deleteBot(bot.botId);
    void navigate(PATHS.qaBot);
  };

  return (
    <main className={styles.page}>
      <div className={styles.head}>
        <div>
          <Link to={PATHS.qaBot}>{t('qaBot.back')}</Link>
          <Title2 as="h1">{bot.name}</Title2>
        </div>
        <Button icon={<DeleteRegular />} onClick={() => setConfirming(true)}>
          {t('qaBot.delete')}
        </Button>
      </div>
      <SemanticProgress semantic={bot.semantic} />
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as TabId)}>
        {TABS.map((id) => (
          <Tab key={id} value={id}>
            {t(`qaBot.tabs.${id}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={t(`qaBot.tabs.${tab}`)}>
        {tab === 'pairs' && <PairsTab bot={bot} />}
        {tab === 'synonyms' && <SynonymsTab bot={bot} />}
        {tab === 'try' && <TryTab bot={bot} />}
        {tab === 'handoffs' && <HandoffsTab bot={bot} />}
        {tab === 'suggestions' && <SuggestionsTab bot={bot} />}
        {tab === 'analytics' && <AnalyticsTab bot={bot} />}
        {tab === 'embed' && <EmbedTab bot={bot} />}
      </div>
      <Dialog open={confirming} onOpenChange={(_e, d) => setConfirming(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('qaBot.deleteTitle', { name: bot.name })}</DialogTitle>
            <DialogContent>{t('qaBot.deleteBody')}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => void remove()}>
                {t('qaBot.delete')}
              </Button>
              <Button onClick={() => setConfirming(false)}>{t('qaBot.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </main>
  );
}
