import { Button, Field, Input, makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ImageRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageConfig } from '../hooks/use-image-config';
import { readWatermarkImage } from '../watermark-image';
import { NumberField } from './number-field';
import { PlacePicker } from './place-picker';
import { usePanelStyles } from './styles';

const useStyles = makeStyles({
  image: { display: 'flex', alignItems: 'center', gap: '10px' },
  mark: {
    width: '56px',
    height: '40px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
    backgroundImage: `repeating-conic-gradient(${tokens.colorNeutralBackground3} 0% 25%, ${tokens.colorNeutralBackground1} 0% 50%)`,
    backgroundSize: '10px 10px',
  },
  hidden: { display: 'none' },
});

/** Watermark: text (Chinese included) or an image, size, opacity, one mark at a place or tiled. */
export function WatermarkSettings() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const { config, patch } = useImageConfig();
  const mark = config.watermark;
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <Field label={t('imageTools.ops.watermark.kind')}>
        <RadioGroup
          layout="horizontal"
          value={mark.kind}
          onChange={(_e, data) => patch('watermark', { kind: data.value === 'image' || data.value === 'both' ? data.value : 'text' })}
        >
          <Radio value="text" label={t('imageTools.ops.watermark.text')} />
          <Radio value="image" label={t('imageTools.ops.watermark.image')} />
          <Radio value="both" label={t('aiImage.watermark.both')} />
        </RadioGroup>
      </Field>
      {mark.kind !== 'image' && (
        <Field label={t('imageTools.ops.watermark.textLabel')}>
          <Input value={mark.text} placeholder={t('imageTools.ops.watermark.textPlaceholder')} onChange={(_e, data) => patch('watermark', { text: data.value })} />
        </Field>
      )}
      {mark.kind !== 'text' && (
        <div className={styles.image}>
          {mark.image && <img className={styles.mark} src={mark.image} alt={t('imageTools.ops.watermark.imageAlt')} />}
          <Button icon={<ImageRegular />} onClick={() => picker.current?.click()}>
            {mark.image ? t('imageTools.ops.watermark.changeImage') : t('imageTools.ops.watermark.pickImage')}
          </Button>
          <input
            ref={picker}
            className={styles.hidden}
            type="file"
            accept="image/png,image/webp,image/jpeg,image/gif,image/svg+xml"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void readWatermarkImage(file).then((image) => patch('watermark', { image }));
            }}
          />
        </div>
      )}
      <div className={panel.row}>
        <NumberField className={panel.grow} label={t('imageTools.ops.watermark.fontSize')} value={mark.fontSize} min={1} max={1000} onChange={(fontSize) => patch('watermark', { fontSize })} />
        <NumberField className={panel.grow} label={t('imageTools.ops.watermark.opacity')} value={mark.opacity} min={0} max={100} onChange={(opacity) => patch('watermark', { opacity })} />
      </div>
      {mark.kind !== 'text' && <p className={panel.muted}>{t('imageTools.ops.watermark.imageHint')}</p>}
      <Field label={t('imageTools.ops.watermark.layout')}>
        <RadioGroup layout="horizontal" value={String(mark.type)} onChange={(_e, data) => patch('watermark', { type: data.value === '2' ? 2 : 1 })}>
          <Radio value="1" label={t('imageTools.ops.watermark.single')} />
          <Radio value="2" label={t('imageTools.ops.watermark.tiled')} />
        </RadioGroup>
      </Field>
      {mark.type === 2 ? (
        <div className={panel.row}>
          <NumberField
            className={panel.grow}
            label={t('imageTools.ops.watermark.horizontalSpacing')}
            value={mark.horizontalSpacing}
            min={0}
            max={5000}
            onChange={(horizontalSpacing) => patch('watermark', { horizontalSpacing })}
          />
          <NumberField
            className={panel.grow}
            label={t('imageTools.ops.watermark.verticalSpacing')}
            value={mark.verticalSpacing}
            min={0}
            max={5000}
            onChange={(verticalSpacing) => patch('watermark', { verticalSpacing })}
          />
        </div>
      ) : (
        <PlacePicker label={t('imageTools.ops.watermark.place')} value={mark.place} onChange={(place) => patch('watermark', { place })} />
      )}
    </>
  );
}
