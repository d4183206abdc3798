import { Button, Card, Dropdown, Input, makeStyles, MessageBar, MessageBarBody, Option, Spinner, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { acceptSuggestion, botPath, dismissSuggestion, fetchJson, type QaBot, type QaPairBody, type QaSuggestion } from '../api';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '12px' },
  card: { padding: '12px', display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  grow: { flexGrow: 1, minWidth: '200px' },
});

/** Unanswered questions: accept as a new pair (typing its answer) or as a phrasing of a pair, or dismiss. */
export function SuggestionsTab({ bot }: { bot: QaBot }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { mutate: mutateKey } = useSWRConfig();
  const key = `${botPath(bot.botId)}/suggestions`;
  const { data, error, isLoading, mutate } = useSWR<QaSuggestion[], Error>(key, fetchJson);
  const { data: pairs } = useSWR<QaPairBody[], Error>(`${botPath(bot.botId)}/pairs`, fetchJson);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const act = async (work: Promise<unknown>) => {
    setFailure(null);
    try {
      await work;
      await Promise.all([mutate(), mutateKey(`${botPath(bot.botId)}/pairs`), mutateKey(botPath(bot.botId))]);
    } catch (err) {
      setFailure(isApiError(err) ? errorMessage(err) : t('qaBot.failed'));
    }
  };

  if (isLoading) return <Spinner label={t('qaBot.loading')} />;
  if (error !== undefined) return <MessageBar intent="error"><MessageBarBody>{t('qaBot.loadFailed')}</MessageBarBody></MessageBar>;
  return (
    <div className={styles.list}>
      {failure !== null && <MessageBar intent="error"><MessageBarBody>{failure}</MessageBarBody></MessageBar>}
      {!data?.length && <Text>{t('qaBot.suggestions.empty')}</Text>}
      {data?.map((s) => (
        <Card key={s.id} className={styles.card}>
          <Text weight="semibold">{s.question}</Text>
          <Text size={200}>{t('qaBot.suggestions.asked', { count: s.count })}</Text>
          <div className={styles.row}>
            <Input className={styles.grow} placeholder={t('qaBot.suggestions.answerPlaceholder')} aria-label={t('qaBot.suggestions.answerPlaceholder')} value={answers[s.id] ?? ''} onChange={(_e, d) => setAnswers({ ...answers, [s.id]: d.value })} />
            <Button appearance="primary" disabled={!(answers[s.id] ?? '').trim()} onClick={() => void act(acceptSuggestion(bot.botId, s.id, { answer: (answers[s.id] ?? '').trim() }))}>
              {t('qaBot.suggestions.accept')}
            </Button>
          </div>
          <div className={styles.row}>
            {pairs && pairs.length > 0 && (
              <Dropdown placeholder={t('qaBot.suggestions.asPhrasing')} aria-label={t('qaBot.suggestions.asPhrasing')} onOptionSelect={(_e, d) => d.optionValue && void act(acceptSuggestion(bot.botId, s.id, { pairId: d.optionValue }))}>
                {pairs.map((p) => (
                  <Option key={p.pairId} value={p.pairId} text={p.question}>
                    {p.question}
                  </Option>
                ))}
              </Dropdown>
            )}
            <Button onClick={() => void act(dismissSuggestion(bot.botId, s.id))}>{t('qaBot.suggestions.dismiss')}</Button>
          </div>
        </Card>
      ))}
    </div>
  );
}
