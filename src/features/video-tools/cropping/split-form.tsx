import { Button, Field, Input, makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyExtension } from '@engines/video/encode';
import { cutPoints } from '@engines/video/cut-detection';
import { splitPlan, splitPoints } from '@engines/video/split';
import type { CutMode, CutType } from '@engines/video/types';
import { errorKey } from '../common/job-error';
import { parseSeconds } from '../common/seconds';
import { FoundCuts, type CutRow } from './found-cuts';
import { baseName, inputName, type OperationFormProps } from './form-props';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
});

/**
 * Split into equal parts, parts of a fixed duration (`cut_type`), or at cuts found in the video
 * and edited by the user (`found`, added), by copy or re-encode.
 */
export function SplitForm({ video, run, busy, currentTime }: OperationFormProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [cutType, setCutType] = useState<CutType | 'found'>('equal');
  const [valueText, setValueText] = useState('2');
  const [rows, setRows] = useState<CutRow[]>([]);
  const [mode, setMode] = useState<CutMode>('lossless');
  const duration = video.info.duration;
  let points: number[] | null = null;
  let problem: string | undefined;
  if (cutType === 'found') {
    points = cutPoints(rows.map((r) => parseSeconds(r.text)), duration);
  } else {
    try {
      points = splitPoints(duration, cutType, Number(valueText));
    } catch (error) {
      problem = t(errorKey(error instanceof Error ? error.message : 'bad-split'));
    }
  }

  const submit = () => {
    if (!points) return;
    const ext = mode === 'lossless' ? copyExtension(video.file.name) : 'mp4';
    const base = baseName(video);
    run({
      subject: `split ${cutType} ${cutType === 'found' ? points.join(' ') : valueText}: ${video.file.name}`,
      jobs: [{ inputs: [{ name: inputName(video), file: video.file }], plan: splitPlan(`/in/${inputName(video)}`, points, mode, duration, ext) }],
      sizes: { inputBytes: [video.file.size], inputSeconds: duration, outputSeconds: duration },
      rename: (_, i) => `${base}-part${String(i + 1).padStart(2, '0')}.${ext}`,
      mime: video.file.type || 'video/mp4',
    });
  };

  return (
    <div className={styles.form}>
      <Field label={t('tools.video.crop.cutType')}>
        <RadioGroup value={cutType} onChange={(_, d) => setCutType(d.value as CutType | 'found')} layout="horizontal">
          <Radio value="equal" label={t('tools.video.crop.equalParts')} />
          <Radio value="duration" label={t('tools.video.crop.byDuration')} />
          <Radio value="found" label={t('tools.video.cuts.atCuts')} data-testid="cut-type-found" />
        </RadioGroup>
      </Field>
      {cutType === 'found' ? (
        <FoundCuts video={video} rows={rows} onRows={setRows} currentTime={currentTime} busy={busy} />
      ) : (
        <Field label={t(cutType === 'equal' ? 'tools.video.crop.partCount' : 'tools.video.crop.partSeconds')} validationMessage={problem}>
          <Input type="number" min={cutType === 'equal' ? 2 : 0.5} step={cutType === 'equal' ? 1 : 0.5} value={valueText} onChange={(_, d) => setValueText(d.value)} />
        </Field>
      )}
      <Field label={t('tools.video.crop.mode')} hint={mode === 'lossless' ? t('tools.video.crop.splitLosslessHint') : undefined}>
        <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as CutMode)} layout="horizontal">
          <Radio value="lossless" label={t('tools.video.crop.lossless')} data-testid="mode-lossless" />
          <Radio value="exact" label={t('tools.video.crop.exact')} data-testid="mode-exact" />
        </RadioGroup>
      </Field>
      <div>
        <Button appearance="primary" disabled={!points || busy} onClick={submit} data-testid="split-run">
          {t('tools.video.crop.split', { count: (points?.length ?? 0) + 1 })}
        </Button>
      </div>
    </div>
  );
}
