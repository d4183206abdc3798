import { Button, Field, Input, makeStyles, Radio, RadioGroup, Switch } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { framesPlan, type FrameRequest } from '@engines/video/frames';
import { errorKey } from '../common/job-error';
import { parseSeconds } from '../common/seconds';
import { baseName, inputName, type OperationFormProps } from './form-props';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

type Kind = FrameRequest['kind'];

/** Frames as JPEG: one at a time, one every N seconds, or one per scene change; as images or one zip. */
export function FramesForm({ video, currentTime, run, busy }: OperationFormProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('interval');
  const [everyText, setEveryText] = useState('2');
  const [threshold, setThreshold] = useState('0.3');
  const [zip, setZip] = useState(true);

  const submit = () => {
    const request: FrameRequest =
      kind === 'single' ? { kind, at: Math.min(currentTime(), Math.max(0, video.info.duration - 0.05)) } : kind === 'interval' ? { kind, every: parseSeconds(everyText) } : { kind, threshold: Number(threshold) };
    const base = baseName(video);
    try {
      const plan = framesPlan(`/in/${inputName(video)}`, request, video.info.duration);
      run({
        subject: `frames ${kind}: ${video.file.name}`,
        jobs: [{ inputs: [{ name: inputName(video), file: video.file }], plan }],
        sizes: { inputBytes: [video.file.size], inputSeconds: video.info.duration, outputSeconds: 0 },
        rename: (_, i) => `${base}-frame${String(i + 1).padStart(3, '0')}.jpg`,
        zipName: kind !== 'single' && zip ? `${base}-frames.zip` : undefined,
        mime: 'image/jpeg',
      });
    } catch {
      // framesPlan refuses a bad interval; the field says so already.
    }
  };
  const badEvery = kind === 'interval' && !(parseSeconds(everyText) > 0);

  return (
    <div className={styles.form}>
      <Field label={t('tools.video.crop.framesKind')}>
        <RadioGroup value={kind} onChange={(_, d) => setKind(d.value as Kind)}>
          <Radio value="single" label={t('tools.video.crop.frameSingle')} />
          <Radio value="interval" label={t('tools.video.crop.frameInterval')} data-testid="frames-interval" />
          <Radio value="scene" label={t('tools.video.crop.frameScene')} />
        </RadioGroup>
      </Field>
      {kind === 'interval' && (
        <Field label={t('tools.video.crop.everySeconds')} validationMessage={badEvery ? t(errorKey('bad-interval')) : undefined}>
          <Input type="number" min={0.1} step={0.5} value={everyText} onChange={(_, d) => setEveryText(d.value)} data-testid="frames-every" />
        </Field>
      )}
      {kind === 'scene' && (
        <Field label={t('tools.video.crop.sceneThreshold')} hint={t('tools.video.crop.sceneHint')}>
          <Input type="number" min={0.05} max={0.9} step={0.05} value={threshold} onChange={(_, d) => setThreshold(d.value)} />
        </Field>
      )}
      {kind !== 'single' && <Switch checked={zip} onChange={(_, d) => setZip(d.checked)} label={t('tools.video.crop.asZip')} />}
      <div>
        <Button appearance="primary" disabled={busy || badEvery} onClick={submit} data-testid="frames-run">
          {t('tools.video.crop.framesRun')}
        </Button>
      </div>
    </div>
  );
}
