import { Badge, Button, Card, Field, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { QA_REPLY_MAX } from '@contracts/ai-qa';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { tokens } from '../../../lib/tokens';
import { botPath, fetchJson, replyHandoff, type QaBot, type QaHandoff } from '../api';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '12px' },
  card: { padding: '12px', display: 'flex', flexDirection: 'column', gap: '8px' },
  message: { whiteSpace: 'pre-wrap', padding: '6px 10px', borderRadius: '6px', backgroundColor: tokens.colorNeutralBackground2 },
  owner: { backgroundColor: tokens.colorBrandBackground2 },
});

function HandoffCard({ bot, handoff, onReplied }: { bot: QaBot; handoff: QaHandoff; onReplied: () => Promise<unknown> }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await replyHandoff(bot.botId, handoff.conversationId, body.trim());
      setBody('');
      await onReplied();
    } catch (err) {
      setFailure(isApiError(err) ? errorMessage(err) : t('qaBot.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className={styles.card}>
      <div>
        <Badge appearance="tint" color={handoff.status === 'open' ? 'warning' : 'success'}>{t(`qaBot.handoffs.status.${handoff.status}`)}</Badge>{' '}
        <Text size={200}>{new Date(handoff.updatedAt).toLocaleString(i18n.language)}</Text>
        {handoff.email && <Text size={200}> · {handoff.email}</Text>}
      </div>
      {handoff.messages.map((m, i) => (
        <Text key={i} className={`${styles.message} ${m.author === 'owner' ? styles.owner : ''}`}>
          <strong>{t(`qaBot.handoffs.author.${m.author}`)}:</strong> {m.body}
        </Text>
      ))}
      <Field label={t('qaBot.handoffs.reply')}>
        <Textarea value={body} maxLength={QA_REPLY_MAX} onChange={(_e, d) => setBody(d.value)} />
      </Field>
      {failure !== null && <MessageBar intent="error"><MessageBarBody>{failure}</MessageBarBody></MessageBar>}
      <div>
        <Button appearance="primary" disabled={!body.trim() || busy} onClick={() => void send()} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {t('qaBot.handoffs.send')}
        </Button>
      </div>
    </Card>
  );
}

/** Questions the bot handed to a person: the owner answers here, the visitor sees it in the widget. */
export function HandoffsTab({ bot }: { bot: QaBot }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR<QaHandoff[], Error>(`${botPath(bot.botId)}/handoffs`, fetchJson, { refreshInterval: 30_000 });
  if (isLoading) return <Spinner label={t('qaBot.loading')} />;
  if (error !== undefined) return <MessageBar intent="error"><MessageBarBody>{t('qaBot.loadFailed')}</MessageBarBody></MessageBar>;
  if (!data?.length) return <Text>{t('qaBot.handoffs.empty')}</Text>;
  return (
    <div className={styles.list}>
      {data.map((h) => <HandoffCard key={h.conversationId} bot={bot} handoff={h} onReplied={() => mutate()} />)}
    </div>
  );
}
