import { Button, makeStyles, MessageBar, MessageBarBody, Text, Title3 } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, ReOrderDotsVerticalRegular, SaveRegular } from '@fluentui/react-icons';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { saveFlow, type Flow, type Step } from '../api';
import { failureText } from '../failure-text';
import { stepSummary } from '../step-summary';
import { StepForm } from './step-form';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' },
  row: { display: 'flex', alignItems: 'center', gap: '6px', padding: '6px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: '6px', backgroundColor: tokens.colorNeutralBackground1 },
  over: { boxShadow: `0 0 0 2px ${tokens.colorBrandStroke1}` },
  grip: { cursor: 'grab', color: tokens.colorNeutralForeground3 },
  type: { minWidth: '64px', fontWeight: 600 },
  summary: { flexGrow: 1, overflowWrap: 'anywhere' },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
});

/** Moves the item at `from` to `to`. */
const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** The steps as a list: drag a row, or use its up and down buttons (keyboard), to reorder; save to keep. */
export function FlowEditor({ flow, onSaved }: { flow: Flow; onSaved: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [steps, setSteps] = useState<Step[]>(flow.steps);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [status, setStatus] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);
  const dirty = JSON.stringify(steps) !== JSON.stringify(flow.steps);

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null && dragging !== index) setSteps(move(steps, dragging, index));
    setDragging(null);
    setOver(null);
  };
  const save = async () => {
    setStatus(null);
    try {
      await saveFlow(flow.flowId, { name: flow.name, steps, stepCap: flow.stepCap, timeCapMs: flow.timeCapMs });
      setStatus({ intent: 'success', text: t('automation.editor.saved') });
      onSaved();
    } catch (err) {
      setStatus({ intent: 'error', text: failureText(err) });
    }
  };

  return (
    <div className={styles.root}>
      <Title3 as="h3">{t('automation.editor.title')}</Title3>
      <ol className={styles.list} aria-label={t('automation.editor.title')}>
        {steps.map((step, i) => (
          <li
            key={`${i}-${step.type}`}
            className={`${styles.row} ${over === i ? styles.over : ''}`}
            draggable
            onDragStart={() => setDragging(i)}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(e) => drop(e, i)}
            data-testid="automation-step"
          >
            <ReOrderDotsVerticalRegular className={styles.grip} aria-hidden />
            <Text className={styles.type}>{t(`automation.steps.${step.type}`)}</Text>
            <Text className={styles.summary}>{stepSummary(step)}</Text>
            <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('automation.editor.moveUp', { n: i + 1 })} disabled={i === 0} onClick={() => setSteps(move(steps, i, i - 1))} />
            <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} aria-label={t('automation.editor.moveDown', { n: i + 1 })} disabled={i === steps.length - 1} onClick={() => setSteps(move(steps, i, i + 1))} />
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('automation.editor.remove', { n: i + 1 })} disabled={steps.length === 1} onClick={() => setSteps(steps.filter((_s, k) => k !== i))} />
          </li>
        ))}
      </ol>
      <StepForm onAdd={(step) => setSteps([...steps, step])} />
      <div className={styles.bar}>
        <Button appearance="primary" icon={<SaveRegular />} disabled={!dirty} onClick={() => void save()}>
          {t('automation.editor.save')}
        </Button>
        {dirty && <Text>{t('automation.editor.unsaved')}</Text>}
      </div>
      {status && (
        <MessageBar intent={status.intent} role={status.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{status.text}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
