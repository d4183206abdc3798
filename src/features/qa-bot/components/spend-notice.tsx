import { makeStyles, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { QA_SPIKE_FACTOR, type QaSpend } from '@contracts/ai-qa';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px', margin: '12px 0' },
  note: { color: tokens.colorNeutralForeground2 },
});

/** What visitors spent of the owner's plan today: the cap reached and a spike are told first. */
export function SpendNotice({ spend }: { spend: QaSpend }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <section className={styles.section} data-testid="qa-spend">
      {spend.spike && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('qaBot.analytics.spike', { charged: spend.charged, factor: QA_SPIKE_FACTOR, average: spend.previousAverage })}</MessageBarBody>
        </MessageBar>
      )}
      {spend.capReached && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('qaBot.analytics.capReached', { cap: spend.cap, count: spend.capped })}</MessageBarBody>
        </MessageBar>
      )}
      <Text className={styles.note} block>
        {t('qaBot.analytics.spendToday', { charged: spend.charged, cached: spend.cached, capped: spend.capped })}{' '}
        {spend.cap === null ? t('qaBot.analytics.capNone') : t('qaBot.analytics.capOf', { cap: spend.cap })}
      </Text>
    </section>
  );
}
