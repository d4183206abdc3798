import { Badge, Button, Link as FluentLink, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { tokens } from '../../../lib/tokens';
import { fetchJson, outputUrl, resumeRun, runPath, runsPath, type Run, type RunSummary } from '../api';
import { RepairNote } from './repair-note';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px' },
  runs: { display: 'flex', flexDirection: 'column', gap: '4px', listStyleType: 'none', margin: 0, padding: 0 },
  steps: { display: 'grid', gap: '8px', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', listStyleType: 'none', margin: 0, padding: 0 },
  step: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: '6px', padding: '6px', display: 'flex', flexDirection: 'column', gap: '4px' },
  shot: { width: '100%', height: 'auto', borderRadius: '4px' },
  failure: { maxWidth: '100%', border: `2px solid ${tokens.colorPaletteRedBorder2}` },
});

const LIVE = new Set(['queued', 'running', 'paused']);
const intent = (status: string) => (status === 'succeeded' ? 'success' : status === 'failed' || status === 'refused' ? 'danger' : 'informative');

/** The flow's runs, newest first; one run's steps with a screenshot each, the failing page, and its output. */
export function RunHistory({ flowId, selected, onSelect }: { flowId: string; selected: string | null; onSelect: (runId: string) => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const { data: runs, isLoading } = useSWR<RunSummary[], Error>(runsPath(flowId), fetchJson, { refreshInterval: (latest) => (latest?.some((r) => LIVE.has(r.status)) ? 1500 : 0) });
  const { data: run, mutate: reloadRun } = useSWR<Run, Error>(selected ? runPath(selected) : null, fetchJson, { refreshInterval: (latest) => (latest && !LIVE.has(latest.status) ? 0 : 1500) });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  return (
    <div className={styles.root}>
      <Title3 as="h3">{t('automation.history.title')}</Title3>
      {isLoading && <Spinner size="small" label={t('automation.loading')} />}
      {runs?.length === 0 && <Text>{t('automation.history.empty')}</Text>}
      <ul className={styles.runs} aria-label={t('automation.history.title')}>
        {runs?.map((r) => (
          <li key={r.runId}>
            <Button appearance={r.runId === selected ? 'primary' : 'subtle'} onClick={() => onSelect(r.runId)} aria-pressed={r.runId === selected}>
              {when(r.createdAt)} · {t(`automation.trigger.${r.trigger}`)}
            </Button>{' '}
            <Badge appearance="tint" color={intent(r.status)} data-testid="run-status">
              {t(`automation.status.${r.status}`)}
            </Badge>
          </li>
        ))}
      </ul>
      {run && (
        <section aria-label={t('automation.history.details')}>
          {run.error && (
            <MessageBar intent={run.status === 'failed' || run.status === 'refused' ? 'error' : 'info'} role="status">
              <MessageBarBody>{t(`automation.errors.${run.error}`, { defaultValue: run.error })}</MessageBarBody>
            </MessageBar>
          )}
          {run.status === 'paused' && (
            <MessageBar intent="warning">
              <MessageBarBody>
                {t('automation.history.paused')}{' '}
                <Button size="small" onClick={() => void resumeRun(run.runId)}>
                  {t('automation.history.resume')}
                </Button>
              </MessageBarBody>
            </MessageBar>
          )}
          <ol className={styles.steps}>
            {run.steps.map((s) => (
              <li key={s.index} className={styles.step}>
                <Text weight="semibold">
                  {s.index + 1}. {t(`automation.steps.${s.type}`, { defaultValue: s.type })} {s.ok ? '✓' : '✗'}
                </Text>
                {s.locator && <Text size={200}>{t('automation.history.foundBy', { by: t(`automation.locators.${s.locator.by}`) })}</Text>}
                {s.repair && <RepairNote runId={run.runId} index={s.index} repair={s.repair} canAccept={!LIVE.has(run.status)} onAccepted={() => void reloadRun()} />}
                {s.error && <Text size={200}>{t(`automation.errors.${s.error}`, { defaultValue: s.error })}</Text>}
                {s.screenshotUrl && <img className={styles.shot} src={s.screenshotUrl} alt={t('automation.history.shotAlt', { n: s.index + 1 })} loading="lazy" />}
              </li>
            ))}
          </ol>
          {run.failure && (
            <div>
              <Text weight="semibold">{t('automation.history.failingPage', { url: run.failure.pageUrl })}</Text>
              {run.failure.screenshotUrl && <img className={styles.failure} src={run.failure.screenshotUrl} alt={t('automation.history.failureAlt')} />}
            </div>
          )}
          {run.output && run.output.rows.length > 0 && (
            <Text>
              {t('automation.history.output', { count: run.output.rows.length })} <FluentLink href={outputUrl(run.runId, 'csv')}>{t('automation.history.csv')}</FluentLink> · <FluentLink href={outputUrl(run.runId, 'json')}>{t('automation.history.json')}</FluentLink>
            </Text>
          )}
        </section>
      )}
    </div>
  );
}
