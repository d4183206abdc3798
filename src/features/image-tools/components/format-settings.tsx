import { Field, Label, makeStyles, Select, Slider } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTPUT_FORMATS, type OutputFormat } from '@engines/image/types';
import { useImageConfig } from '../hooks/use-image-config';
import { usePanelStyles } from './styles';

const useStyles = makeStyles({
  quality: { display: 'flex', alignItems: 'center', gap: '8px' },
  slider: { flexGrow: 1, minWidth: 0 },
  value: { minWidth: '32px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
});

/** Format (original, JPEG, WebP, PNG) and the quality of the lossy ones. */
export function FormatSettings() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const { config, set } = useImageConfig();
  const sliderId = useId();
  const lossy = config.format === 'jpeg' || config.format === 'webp';
  const key = config.format === 'jpeg' ? 'jpegQuality' : 'webpQuality';
  return (
    <>
      <Field label={t('imageTools.ops.format.format')}>
        <Select value={config.format} onChange={(_e, data) => set('format', data.value as OutputFormat)}>
          {OUTPUT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(`imageTools.ops.format.${format}`)}
            </option>
          ))}
        </Select>
      </Field>
      {lossy && (
        <div>
          <Label htmlFor={sliderId}>{t(`imageTools.ops.format.${key}`)}</Label>
          <div className={styles.quality}>
            <Slider id={sliderId} className={styles.slider} min={1} max={100} value={config[key]} onChange={(_e, data) => set(key, data.value)} />
            <span className={styles.value} aria-hidden>
              {config[key]}
            </span>
          </div>
        </div>
      )}
      <p className={panel.muted}>{t('imageTools.ops.format.hint')}</p>
    </>
  );
}
