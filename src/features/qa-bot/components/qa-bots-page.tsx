import { Button, Card, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Title1 } from '@fluentui/react-components';
import { AddRegular, BotRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { QA_NAME_MAX } from '@contracts/ai-qa';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { PATHS } from '../../../lib/paths';
import { tokens } from '../../../lib/tokens';
import { BOTS_PATH, createBot, fetchJson, type QaBot } from '../api';

const useStyles = makeStyles({
  page: { maxWidth: '960px', margin: '0 auto', padding: '24px 16px', display: 'flex', flexDirection: 'column', gap: '16px' },
  intro: { color: tokens.colorNeutralForeground2 },
  create: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  grid: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' },
  card: { padding: '16px' },
});

/** /products/qaBot: the user's bots and a form to create one. */
export function QaBotsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, isLoading } = useSWR<QaBot[], Error>(BOTS_PATH, fetchJson);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || name.trim() === '') return;
    setBusy(true);
    setFailure(null);
    try {
      const bot = await createBot(name.trim());
      void navigate(`${PATHS.qaBot}/${bot.botId}`);
    } catch (err) {
      setFailure(isApiError(err) ? errorMessage(err) : t('qaBot.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <Title1 as="h1">{t('qaBot.title')}</Title1>
      <Text className={styles.intro}>{t('qaBot.intro')}</Text>
      <form className={styles.create} onSubmit={(e) => void submit(e)}>
        <Field label={t('qaBot.newName')}>
          <Input value={name} maxLength={QA_NAME_MAX} onChange={(_e, d) => setName(d.value)} />
        </Field>
        <Button type="submit" appearance="primary" icon={busy ? <Spinner size="tiny" /> : <AddRegular />} disabled={name.trim() === ''}>
          {t('qaBot.create')}
        </Button>
      </form>
      {failure !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Spinner label={t('qaBot.loading')} />}
      {error !== undefined && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('qaBot.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {data?.length === 0 && <Text>{t('qaBot.empty')}</Text>}
      <div className={styles.grid}>
        {data?.map((bot) => (
          <Card key={bot.botId} className={styles.card}>
            <Link to={`${PATHS.qaBot}/${bot.botId}`}>
              <BotRegular /> {bot.name}
            </Link>
            <Text size={200}>{t('qaBot.pairCount', { count: bot.pairs })}</Text>
          </Card>
        ))}
      </div>
    </main>
  );
}
