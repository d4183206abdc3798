import { Button, Field, Input, makeStyles, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyExtension } from '@engines/video/encode';
import { normalizeSpan, snapToKeyframes, trimPlan } from '@engines/video/trim';
import type { CutMode } from '@engines/video/types';
import { videoKeyframes } from '../../../lib/video-worker';
import { webcodecsTrim } from '../../../lib/webcodecs-video';
import { formatTime, parseSeconds } from '../common/seconds';
import { baseName, inputName, type OperationFormProps } from './form-props';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'flex-end' },
});

/** Exact and smart trims try the browser's own codecs first (WebCodecs); ffmpeg.wasm's exact trim is the fallback. */
type TrimMode = CutMode | 'smart';

/** Trim by start and end: lossless (stream copy from the keyframe at or before the start), exact (re-encode) or smart. */
export function TrimForm({ video, currentTime, onSpan, run, busy }: OperationFormProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const duration = video.info.duration;
  const [startText, setStartText] = useState('0');
  const [endText, setEndText] = useState(duration.toFixed(3));
  const [mode, setMode] = useState<TrimMode>('lossless');
  const [keyframes, setKeyframes] = useState<number[] | null>(null);

  useEffect(() => {
    let live = true;
    setKeyframes(null);
    videoKeyframes(video.file).then(
      (k) => live && setKeyframes(k),
      () => live && setKeyframes([]),
    );
    return () => {
      live = false;
    };
  }, [video]);

  const span = useMemo(() => {
    try {
      return normalizeSpan({ start: parseSeconds(startText), end: parseSeconds(endText) }, duration);
    } catch {
      return null;
    }
  }, [startText, endText, duration]);
  const real = span && mode === 'lossless' && keyframes ? snapToKeyframes(span, keyframes) : span;
  useEffect(() => onSpan?.(real), [real?.start, real?.end]); // eslint-disable-line react-hooks/exhaustive-deps -- the span's numbers, not its identity

  const submit = () => {
    if (!real) return;
    const ext = mode === 'lossless' ? copyExtension(video.file.name) : 'mp4';
    const output = `${baseName(video)}-trim.${ext}`;
    const span = real;
    const fastMode = mode === 'lossless' ? null : mode;
    run({
      fast: fastMode
        ? {
            method: fastMode === 'smart' ? 'webcodecsSmart' : 'webcodecsExact',
            run: async (opts) => {
              const r = await webcodecsTrim(video.file, span, fastMode, opts);
              if (!r.ok) console.info(`WebCodecs trim not used: ${r.reason}`);
              return r.ok ? { name: output, bytes: r.bytes, method: r.method === 'smart' ? 'webcodecsSmart' : 'webcodecsExact' } : null;
            },
          }
        : undefined,
      subject: `trim ${mode}: ${video.file.name}`,
      jobs: [{ inputs: [{ name: inputName(video), file: video.file }], plan: trimPlan(`/in/${inputName(video)}`, real, mode === 'lossless' ? 'lossless' : 'exact', output) }],
      sizes: { inputBytes: [video.file.size], inputSeconds: duration, outputSeconds: real.end - real.start },
      mime: video.file.type || 'video/mp4',
    });
  };

  return (
    <div className={styles.form}>
      <div className={styles.row}>
        <Field label={t('tools.video.crop.start')} validationMessage={span ? undefined : t('tools.video.crop.badSpan')}>
          <Input type="number" min={0} step={0.1} value={startText} onChange={(_, d) => setStartText(d.value)} data-testid="trim-start" />
        </Field>
        <Button onClick={() => setStartText(currentTime().toFixed(3))}>{t('tools.video.crop.fromPreview')}</Button>
        <Field label={t('tools.video.crop.end')}>
          <Input type="number" min={0} step={0.1} value={endText} onChange={(_, d) => setEndText(d.value)} data-testid="trim-end" />
        </Field>
        <Button onClick={() => setEndText(currentTime().toFixed(3))}>{t('tools.video.crop.fromPreview')}</Button>
      </div>
      <Field label={t('tools.video.crop.mode')}>
        <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as TrimMode)} layout="horizontal">
          <Radio value="lossless" label={t('tools.video.crop.lossless')} data-testid="mode-lossless" />
          <Radio value="exact" label={t('tools.video.crop.exact')} data-testid="mode-exact" />
          <Radio value="smart" label={t('tools.video.crop.smart')} data-testid="mode-smart" />
        </RadioGroup>
      </Field>
      <Text size={200} data-testid="trim-real-cut">
        {real && mode === 'lossless'
          ? keyframes
            ? t('tools.video.crop.realCut', { start: formatTime(real.start), end: formatTime(real.end) })
            : t('tools.video.crop.findingKeyframes')
          : t(mode === 'smart' ? 'tools.video.crop.smartHint' : 'tools.video.crop.exactHint')}
      </Text>
      <div>
        <Button appearance="primary" disabled={!real || busy || (mode === 'lossless' && !keyframes)} onClick={submit} data-testid="trim-run">
          {t('tools.video.crop.trim')}
        </Button>
      </div>
    </div>
  );
}
