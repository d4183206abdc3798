import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text } from '@fluentui/react-components';
import { RecordRegular, SaveRegular, StopRegular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { createFlow, recorderAct, recorderShot, startRecorder, stopRecorder, type RecorderState } from '../api';
import { failureText } from '../failure-text';
import { stepSummary } from '../step-summary';

const MODES = ['click', 'type', 'select', 'extract', 'assert'] as const;
type Mode = (typeof MODES)[number];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '12px' },
  form: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  stage: { display: 'flex', gap: '16px', flexWrap: 'wrap', alignItems: 'flex-start' },
  screen: { maxWidth: '100%', cursor: 'crosshair', border: `1px solid ${tokens.colorNeutralStroke1}`, display: 'block' },
  steps: { minWidth: '240px', flex: '1 1 240px' },
});

/**
 * The recorder: the page runs in a server browser; its screenshot is shown here and a click on it
 * (in the chosen mode) is done there and written down as a step with several locator candidates.
 */
export function RecorderTab({ onSaved }: { onSaved: (flowId: string) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [url, setUrl] = useState('https://');
  const [state, setState] = useState<RecorderState | null>(null);
  const [mode, setMode] = useState<Mode>('click');
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [frame, setFrame] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The page may change by itself (timers, animations): refresh the picture every two seconds.
  useEffect(() => {
    if (!state) return undefined;
    const timer = setInterval(() => setFrame((f) => f + 1), 2000);
    return () => clearInterval(timer);
  }, [state]);

  const guarded = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (err) {
      setFailure(failureText(err));
    } finally {
      setBusy(false);
      setFrame((f) => f + 1);
    }
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    void guarded(async () => setState(await startRecorder(url.trim())));
  };
  const act = (event: MouseEvent<HTMLImageElement>) => {
    if (!state || busy) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) * state.width) / box.width;
    const y = ((event.clientY - box.top) * state.height) / box.height;
    void guarded(async () => setState(await recorderAct(state.sessionId, { kind: mode, x, y, ...(mode === 'type' || mode === 'select' ? { text } : {}), ...(mode === 'extract' ? { name: name.trim() || 'value' } : {}) })));
  };
  const save = () =>
    void guarded(async () => {
      if (!state) return;
      const steps = await stopRecorder(state.sessionId);
      const { flowId } = await createFlow({ name: name.trim() || new URL(state.url).hostname, steps });
      setState(null);
      onSaved(flowId);
    });

  return (
    <div className={styles.root}>
      <Text>{t('automation.recorder.help')}</Text>
      {!state && (
        <form className={styles.form} onSubmit={start}>
          <Field label={t('automation.recorder.url')}>
            <Input type="url" value={url} onChange={(_e, d) => setUrl(d.value)} />
          </Field>
          <Button type="submit" appearance="primary" icon={busy ? <Spinner size="tiny" /> : <RecordRegular />} disabled={busy}>
            {t('automation.recorder.start')}
          </Button>
        </form>
      )}
      {failure !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {state && (
        <>
          <RadioGroup layout="horizontal" value={mode} onChange={(_e, d) => setMode(d.value as Mode)} aria-label={t('automation.recorder.mode')}>
            {MODES.map((m) => (
              <Radio key={m} value={m} label={t(`automation.recorder.modes.${m}`)} />
            ))}
          </RadioGroup>
          <div className={styles.form}>
            {(mode === 'type' || mode === 'select') && (
              <Field label={t(`automation.recorder.textFor.${mode}`)} hint={t('automation.recorder.secretHint', { example: '{{secret:name}}' })}>
                <Input value={text} onChange={(_e, d) => setText(d.value)} />
              </Field>
            )}
            <Field label={mode === 'extract' ? t('automation.recorder.column') : t('automation.recorder.flowName')}>
              <Input value={name} onChange={(_e, d) => setName(d.value)} />
            </Field>
            <Button appearance="primary" icon={<SaveRegular />} onClick={save} disabled={busy}>
              {t('automation.recorder.save')}
            </Button>
            <Button icon={<StopRegular />} onClick={() => void guarded(async () => void (await stopRecorder(state.sessionId), setState(null)))} disabled={busy}>
              {t('automation.recorder.discard')}
            </Button>
          </div>
          <div className={styles.stage}>
            {/* The picture is the remote page; clicks on it are forwarded with their coordinates. Typing happens in the fields above. */}
            {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a pointer-only surface; every action also has the step editor as a keyboard path */}
            <img className={styles.screen} src={recorderShot(state.sessionId, frame)} width={state.width} height={state.height} alt={t('automation.recorder.screenAlt', { url: state.url })} onClick={act} data-testid="recorder-screen" />
            <div className={styles.steps}>
              <Text weight="semibold">{t('automation.recorder.steps', { count: state.steps.length })}</Text>
              <ol aria-live="polite">
                {state.steps.map((s, i) => (
                  <li key={i}>
                    {t(`automation.steps.${s.type}`)}: {stepSummary(s)}
                  </li>
                ))}
              </ol>
              {busy && <Spinner size="tiny" label={t('automation.recorder.working')} />}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
