import { makeStyles, MessageBar, MessageBarBody, Spinner, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { tokens } from '../../../lib/tokens';
import type { QaQuestionLog } from '@contracts/ai-qa';
import { botPath, fetchJson, type QaAnalytics, type QaBot } from '../api';
import { SpendNotice } from './spend-notice';

const useStyles = makeStyles({
  totals: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', margin: '12px 0' },
  figure: { padding: '12px', borderRadius: '8px', backgroundColor: tokens.colorNeutralBackground2, display: 'flex', flexDirection: 'column' },
  table: { overflowX: 'auto' },
  note: { color: tokens.colorNeutralForeground2 },
});

/** Measured figures of public questions only; the deflection rate is answered / questions, nothing assumed. */
export function AnalyticsTab({ bot }: { bot: QaBot }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState('30');
  const { data, error, isLoading } = useSWR<QaAnalytics, Error>(`${botPath(bot.botId)}/analytics?days=${days}`, fetchJson);
  const { data: log } = useSWR<QaQuestionLog, Error>(`${botPath(bot.botId)}/questions`, fetchJson);
  const figures = data
    ? [
        ['questions', String(data.questions)],
        ['answered', String(data.answered)],
        ['suggested', String(data.suggested)],
        ['handedOff', String(data.handedOff)],
        ['deflection', `${Math.round(data.deflectionRate * 1000) / 10}%`],
      ]
    : [];
  return (
    <section>
      <TabList selectedValue={days} onTabSelect={(_e, d) => setDays(String(d.value))} aria-label={t('qaBot.analytics.period')}>
        {['7', '30', '90'].map((d) => <Tab key={d} value={d}>{t('qaBot.analytics.days', { count: Number(d) })}</Tab>)}
      </TabList>
      {isLoading && <Spinner label={t('qaBot.loading')} />}
      {error !== undefined && <MessageBar intent="error"><MessageBarBody>{t('qaBot.loadFailed')}</MessageBarBody></MessageBar>}
      {data && (
        <>
          <SpendNotice spend={data.spend} />
          <div className={styles.totals}>
            {figures.map(([k, v]) => (
              <div key={k} className={styles.figure}>
                <Text size={200}>{t(`qaBot.analytics.${k}`)}</Text>
                <Text size={600} weight="semibold">{v}</Text>
              </div>
            ))}
          </div>
          <Text className={styles.note} block>{t('qaBot.analytics.note')}</Text>
          <div className={styles.table}>
            <Table size="small" aria-label={t('qaBot.analytics.perDay')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('qaBot.analytics.day')}</TableHeaderCell>
                  <TableHeaderCell>{t('qaBot.analytics.questions')}</TableHeaderCell>
                  <TableHeaderCell>{t('qaBot.analytics.answered')}</TableHeaderCell>
                  <TableHeaderCell>{t('qaBot.analytics.suggested')}</TableHeaderCell>
                  <TableHeaderCell>{t('qaBot.analytics.handedOff')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.perDay.filter((d) => d.questions > 0).reverse().map((d) => (
                  <TableRow key={d.day}>
                    <TableCell>{d.day}</TableCell>
                    <TableCell>{d.questions}</TableCell>
                    <TableCell>{d.answered}</TableCell>
                    <TableCell>{d.suggested}</TableCell>
                    <TableCell>{d.handedOff}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      {log && log.length > 0 && (
        <div className={styles.table}>
          <Text weight="semibold" block>{t('qaBot.analytics.recent')}</Text>
          <Table size="small" aria-label={t('qaBot.analytics.recent')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('qaBot.analytics.when')}</TableHeaderCell>
                <TableHeaderCell>{t('qaBot.try.question')}</TableHeaderCell>
                <TableHeaderCell>{t('qaBot.analytics.outcome')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.slice(0, 50).map((q) => (
                <TableRow key={q.id}>
                  <TableCell>{new Date(q.at).toLocaleString(i18n.language)}</TableCell>
                  <TableCell>{q.question}</TableCell>
                  <TableCell>{t(`qaBot.decision.${q.decision}`)} · {Math.round(q.confidence * 100)}%</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
