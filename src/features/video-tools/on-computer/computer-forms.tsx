import { Button, Field, Input, makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelperJobRequest, HelperMediaInfo } from '@contracts/local-helper';
import { aspectRect } from '@engines/video/crop';

export interface ComputerFormProps {
  file: string;
  info: HelperMediaInfo;
  busy: boolean;
  run: (request: HelperJobRequest, subject: string) => void;
}

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'flex-end' },
});

/** A number field; `null` when what is typed is not a number. */
function NumberField({ label, value, onChange, testId }: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <Field label={label} validationMessage={Number.isFinite(Number(value)) && value.trim() !== '' ? undefined : ' '}>
      <Input type="number" min={0} step="any" value={value} onChange={(_, d) => onChange(d.value)} data-testid={testId} />
    </Field>
  );
}

const num = (s: string) => (s.trim() === '' ? NaN : Number(s));

function RunButton({ label, disabled, onClick, testId }: { label: string; disabled: boolean; onClick: () => void; testId: string }) {
  return (
    <div>
      <Button appearance="primary" disabled={disabled} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </div>
  );
}

export function ComputerTrimForm({ file, info, busy, run }: ComputerFormProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [start, setStart] = useState('0');
  const [end, setEnd] = useState(info.duration.toFixed(3));
  const [mode, setMode] = useState<'smart' | 'exact' | 'lossless'>('smart');
  const ok = num(start) >= 0 && num(end) > num(start);
  return (
    <div className={styles.form}>
      <div className={styles.row}>
        <NumberField label={t('videoOnComputer.start')} value={start} onChange={setStart} testId="pc-trim-start" />
        <NumberField label={t('videoOnComputer.end')} value={end} onChange={setEnd} testId="pc-trim-end" />
      </div>
      <Field label={t('videoOnComputer.mode')}>
        <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as typeof mode)}>
          {(['smart', 'exact', 'lossless'] as const).map((m) => (
            <Radio key={m} value={m} label={t(`videoOnComputer.modes.${m}`)} data-testid={`pc-mode-${m}`} />
          ))}
        </RadioGroup>
      </Field>
      <RunButton label={t('videoOnComputer.run.trim')} testId="pc-trim-run" disabled={!ok || busy} onClick={() => run({ kind: 'trim', params: { file, start: num(start), end: num(end), mode } }, `trim ${mode} (computer): ${file}`)} />
    </div>
  );
}

export function ComputerSplitForm({ file, busy, run }: ComputerFormProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [cutType, setCutType] = useState<'parts' | 'duration'>('parts');
  const [value, setValue] = useState('2');
  const [mode, setMode] = useState<'lossless' | 'smart'>('lossless');
  const ok = num(value) > 0;
  return (
    <div className={styles.form}>
      <Field label={t('videoOnComputer.cutType')}>
        <RadioGroup value={cutType} onChange={(_, d) => setCutType(d.value as typeof cutType)} layout="horizontal">
          <Radio value="parts" label={t('videoOnComputer.parts')} />
          <Radio value="duration" label={t('videoOnComputer.pieceSeconds')} />
        </RadioGroup>
      </Field>
      <NumberField label={t(cutType === 'parts' ? 'videoOnComputer.partsCount' : 'videoOnComputer.seconds')} value={value} onChange={setValue} testId="pc-split-value" />
      <Field label={t('videoOnComputer.mode')}>
        <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as typeof mode)}>
          <Radio value="lossless" label={t('videoOnComputer.modes.lossless')} />
          <Radio value="smart" label={t('videoOnComputer.modes.smart')} />
        </RadioGroup>
      </Field>
      <RunButton label={t('videoOnComputer.run.split')} testId="pc-split-run" disabled={!ok || busy} onClick={() => run({ kind: 'split', params: { file, cutType, value: num(value), mode } }, `split ${mode} (computer): ${file}`)} />
    </div>
  );
}

export function ComputerCropForm({ file, info, busy, run }: ComputerFormProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const w = info.video?.width ?? 0;
  const h = info.video?.height ?? 0;
  const square = aspectRect(w, h, '1:1');
  const [rect, setRect] = useState({ x: String(square.x), y: String(square.y), width: String(square.width), height: String(square.height) });
  const values = { x: num(rect.x), y: num(rect.y), width: num(rect.width), height: num(rect.height) };
  const ok = Object.values(values).every((v) => Number.isInteger(v) && v >= 0) && values.width >= 16 && values.height >= 16;
  const field = (k: keyof typeof rect) => <NumberField label={t(`videoOnComputer.rect.${k}`)} value={rect[k]} onChange={(v) => setRect((r) => ({ ...r, [k]: v }))} testId={`pc-crop-${k}`} />;
  return (
    <div className={styles.form}>
      <div className={styles.row}>
        {field('x')}
        {field('y')}
        {field('width')}
        {field('height')}
      </div>
      <RunButton label={t('videoOnComputer.run.crop')} testId="pc-crop-run" disabled={!ok || busy} onClick={() => run({ kind: 'crop', params: { file, rect: values } }, `crop (computer): ${file}`)} />
    </div>
  );
}

export function ComputerFramesForm({ file, busy, run }: ComputerFormProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [mode, setMode] = useState<'single' | 'every'>('every');
  const [value, setValue] = useState('1');
  const v = num(value);
  const ok = mode === 'single' ? v >= 0 : v >= 0.1;
  return (
    <div className={styles.form}>
      <Field label={t('videoOnComputer.framesMode')}>
        <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as typeof mode)} layout="horizontal">
          <Radio value="single" label={t('videoOnComputer.frameAt')} />
          <Radio value="every" label={t('videoOnComputer.frameEvery')} />
        </RadioGroup>
      </Field>
      <NumberField label={t('videoOnComputer.seconds')} value={value} onChange={setValue} testId="pc-frames-value" />
      <RunButton
        label={t('videoOnComputer.run.frames')}
        testId="pc-frames-run"
        disabled={!ok || busy}
        onClick={() => run(mode === 'single' ? { kind: 'frames', params: { mode, file, at: v } } : { kind: 'frames', params: { mode, file, seconds: v } }, `frames (computer): ${file}`)}
      />
    </div>
  );
}
