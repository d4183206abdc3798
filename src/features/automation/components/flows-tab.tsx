import { Button, Card, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { AddRegular, FlowRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { createFlow, fetchJson, FLOWS_PATH, type Flow } from '../api';
import { failureText } from '../failure-text';
import { FlowPanel } from './flow-panel';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '12px' },
  create: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  grid: { display: 'grid', gap: '8px', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' },
  card: { padding: '12px' },
});

/** The user's flows; one open flow shows its editor, runs and schedules below. */
export function FlowsTab({ openFlow, onOpen }: { openFlow: string | null; onOpen: (flowId: string | null) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR<Flow[], Error>(FLOWS_PATH, fetchJson);
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [url, setUrl] = useState('https://');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const { flowId } = await createFlow({ name: name.trim(), steps: [{ type: 'goto', url: url.trim() }] });
      await mutate();
      setName('');
      onOpen(flowId);
    } catch (err) {
      setFailure(failureText(err));
    }
  };
  const open = data?.find((f) => f.flowId === openFlow);

  return (
    <div className={styles.root}>
      <form className={styles.create} onSubmit={(e) => void submit(e)}>
        <Field label={t('automation.flows.newName')}>
          <Input value={name} maxLength={100} onChange={(_e, d) => setName(d.value)} />
        </Field>
        <Field label={t('automation.flows.startUrl')}>
          <Input type="url" value={url} onChange={(_e, d) => setUrl(d.value)} />
        </Field>
        <Button type="submit" appearance="primary" icon={<AddRegular />} disabled={name.trim() === '' || url.trim().length < 8}>
          {t('automation.flows.create')}
        </Button>
      </form>
      {failure !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Spinner label={t('automation.loading')} />}
      {error !== undefined && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('automation.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {data?.length === 0 && <Text>{t('automation.flows.empty')}</Text>}
      <div className={styles.grid}>
        {data?.map((flow) => (
          <Card key={flow.flowId} className={styles.card}>
            <Button appearance={flow.flowId === openFlow ? 'primary' : 'subtle'} icon={<FlowRegular />} onClick={() => onOpen(flow.flowId)} aria-pressed={flow.flowId === openFlow}>
              {flow.name}
            </Button>
            <Text size={200}>{t('automation.flows.stepCount', { count: flow.steps.length })}</Text>
          </Card>
        ))}
      </div>
      {open && (
        <FlowPanel
          key={open.flowId}
          flow={open}
          onChanged={() => void mutate()}
          onDeleted={() => {
            onOpen(null);
            void mutate();
          }}
        />
      )}
    </div>
  );
}
