import { Button, Field, Input, makeStyles, ToggleButton } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { aspectRect, ASPECTS, clampRect, cropPlan, type Rect } from '@engines/video/crop';
import { baseName, inputName, type OperationFormProps } from './form-props';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'flex-end' },
  num: { width: '96px' },
});

const FIELDS = ['x', 'y', 'width', 'height'] as const;

/** Crop every frame to a rectangle: an aspect preset, drawn on the preview, or typed in. */
export function CropForm({ video, run, busy, rect, onRect }: OperationFormProps & { rect: Rect | null; onRect: (rect: Rect | null) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { width, height } = video.info.video ?? { width: 0, height: 0 };

  const submit = () => {
    if (!rect) return;
    const valid = clampRect(rect, width, height);
    run({
      subject: `crop ${valid.width}x${valid.height}: ${video.file.name}`,
      jobs: [{ inputs: [{ name: inputName(video), file: video.file }], plan: cropPlan(`/in/${inputName(video)}`, valid, video.info.duration, `${baseName(video)}-crop.mp4`) }],
      sizes: { inputBytes: [video.file.size], inputSeconds: video.info.duration, outputSeconds: video.info.duration },
      mime: 'video/mp4',
    });
  };

  return (
    <div className={styles.form}>
      <Field label={t('tools.video.crop.aspect')} hint={t('tools.video.crop.drawHint')}>
        <div className={styles.row} role="group">
          {ASPECTS.map((a) => {
            const preset = aspectRect(width, height, a);
            const on = !!rect && FIELDS.every((f) => rect[f] === preset[f]);
            return (
              <ToggleButton key={a} checked={on} onClick={() => onRect(preset)} data-testid={`aspect-${a.replace(':', 'x')}`}>
                {a}
              </ToggleButton>
            );
          })}
        </div>
      </Field>
      <div className={styles.row}>
        {FIELDS.map((f) => (
          <Field key={f} label={t(`tools.video.crop.rect.${f}`)}>
            <Input
              className={styles.num}
              type="number"
              min={0}
              step={2}
              value={rect ? String(rect[f]) : ''}
              onChange={(_, d) => {
                const base = rect ?? { x: 0, y: 0, width, height };
                onRect({ ...base, [f]: Number(d.value) || 0 });
              }}
            />
          </Field>
        ))}
      </div>
      <div className={styles.row}>
        <Button appearance="primary" disabled={!rect || busy} onClick={submit} data-testid="crop-run">
          {t('tools.video.crop.cropRun')}
        </Button>
        <Button disabled={!rect} onClick={() => onRect(null)}>
          {t('tools.video.crop.clearRect')}
        </Button>
      </div>
    </div>
  );
}
