import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Text, Title3 } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { addSchedule, deleteSchedule, fetchJson, SCHEDULES_PATH, type Schedule } from '../api';
import { failureText } from '../failure-text';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px' },
  form: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  list: { margin: 0, paddingLeft: '20px' },
});

/** Cron schedules of one flow (five fields, in the browser's time zone). */
export function SchedulesPanel({ flowId }: { flowId: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const { data, mutate } = useSWR<Schedule[], Error>(SCHEDULES_PATH, fetchJson);
  const [cron, setCron] = useState('0 9 * * *');
  const [failure, setFailure] = useState<string | null>(null);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const mine = data?.filter((s) => s.flowId === flowId) ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await addSchedule(flowId, cron.trim(), zone);
      await mutate();
    } catch (err) {
      setFailure(failureText(err));
    }
  };

  return (
    <div className={styles.root}>
      <Title3 as="h3">{t('automation.schedules.title')}</Title3>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <Field label={t('automation.schedules.cron')} hint={t('automation.schedules.hint', { zone })}>
          <Input value={cron} onChange={(_e, d) => setCron(d.value)} />
        </Field>
        <Button type="submit" icon={<AddRegular />} disabled={cron.trim() === ''}>
          {t('automation.schedules.add')}
        </Button>
      </form>
      {failure !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {mine.length === 0 ? (
        <Text>{t('automation.schedules.empty')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('automation.schedules.title')}>
          {mine.map((s) => (
            <li key={s.scheduleId}>
              <Text>
                <code>{s.cron}</code> ({s.timezone}) · {t('automation.schedules.next', { when: s.nextRunAt ? new Date(s.nextRunAt).toLocaleString(i18n.language) : '—' })}
              </Text>{' '}
              <Button
                size="small"
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('automation.schedules.remove', { cron: s.cron })}
                onClick={() => void deleteSchedule(s.scheduleId).then(() => mutate())}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
