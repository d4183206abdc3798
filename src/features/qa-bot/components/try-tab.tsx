import { Badge, Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { tokens } from '../../../lib/tokens';
import { askBot, type QaAnswer, type QaBot } from '../api';

const useStyles = makeStyles({
  form: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '220px' },
  result: { marginTop: '12px', padding: '12px', borderRadius: '8px', backgroundColor: tokens.colorNeutralBackground2, display: 'flex', flexDirection: 'column', gap: '6px' },
  answer: { whiteSpace: 'pre-wrap' },
});

/** The owner's test ask (free, not counted): shows the decision and its confidence. */
export function TryTab({ bot }: { bot: QaBot }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<QaAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!question.trim() || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      setAnswer(await askBot(bot.botId, question.trim()));
    } catch (err) {
      setFailure(isApiError(err) ? errorMessage(err) : t('qaBot.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <Field className={styles.grow} label={t('qaBot.try.question')}>
          <Input value={question} maxLength={500} onChange={(_e, d) => setQuestion(d.value)} />
        </Field>
        <Button type="submit" appearance="primary" icon={busy ? <Spinner size="tiny" /> : undefined} disabled={!question.trim()}>
          {t('qaBot.try.ask')}
        </Button>
      </form>
      {failure !== null && <MessageBar intent="error"><MessageBarBody>{failure}</MessageBarBody></MessageBar>}
      {answer && (
        <div className={styles.result} aria-live="polite" data-testid="qa-try-result">
          <div>
            <Badge appearance="tint" color={answer.decision === 'answer' ? 'success' : answer.decision === 'suggest' ? 'warning' : 'danger'}>
              {t(`qaBot.decision.${answer.decision}`)}
            </Badge>{' '}
            <Text size={200}>{t('qaBot.try.confidence', { value: Math.round(answer.confidence * 100) })}</Text>
          </div>
          {answer.answer !== undefined && <Text className={styles.answer}>{answer.answer}</Text>}
          {answer.citations.map((c) => (
            <Text key={c.pairId} size={200}>{t('qaBot.try.cites', { question: c.question })}</Text>
          ))}
          {answer.suggestions.length > 0 && (
            <>
              <Text weight="semibold">{t('qaBot.try.didYouMean')}</Text>
              <ul>{answer.suggestions.map((s) => <li key={s.pairId}>{s.question}</li>)}</ul>
            </>
          )}
          {answer.decision === 'handoff' && <Text>{t('qaBot.try.handoffNote')}</Text>}
        </div>
      )}
    </section>
  );
}
