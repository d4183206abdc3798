import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Title2 } from '@fluentui/react-components';
import { DeleteRegular, PlayRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { deleteFlow, runFlow, runsPath, type Flow } from '../api';
import { failureText } from '../failure-text';
import { FlowEditor } from './flow-editor';
import { RunHistory } from './run-history';
import { SchedulesPanel } from './schedules-panel';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', borderTop: '1px solid', paddingTop: '16px' },
  head: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' },
  actions: { display: 'flex', gap: '8px' },
});

/** One flow: edit its steps, run it, its schedules and its run history. */
export function FlowPanel({ flow, onChanged, onDeleted }: { flow: Flow; onChanged: () => void; onDeleted: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [selectedRun, setSelectedRun] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { runId } = await runFlow(flow.flowId);
      setSelectedRun(runId);
      await mutate(runsPath(flow.flowId));
    } catch (err) {
      setFailure(failureText(err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(t('automation.flows.confirmDelete', { name: flow.name }))) return;
    await deleteFlow(flow.flowId);
    onDeleted();
  };

  return (
    <section className={styles.root} aria-label={flow.name}>
      <div className={styles.head}>
        <Title2 as="h2">{flow.name}</Title2>
        <div className={styles.actions}>
          <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <PlayRegular />} disabled={busy} onClick={() => void run()}>
            {t('automation.flows.run')}
          </Button>
          <Button icon={<DeleteRegular />} onClick={() => void remove()}>
            {t('automation.flows.delete')}
          </Button>
        </div>
      </div>
      {failure !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <FlowEditor flow={flow} onSaved={onChanged} />
      <SchedulesPanel flowId={flow.flowId} />
      <RunHistory flowId={flow.flowId} selected={selectedRun} onSelect={setSelectedRun} />
    </section>
  );
}
