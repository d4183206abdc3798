import { Checkbox, Field, Label, makeStyles, Select, Slider } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTPUT_FORMATS, type ImageConfig, type OutputFormat } from '@engines/image/types';
import { useImageConfig } from '../hooks/use-image-config';
import { NumberField } from './number-field';
import { usePanelStyles } from './styles';

const useStyles = makeStyles({
  quality: { display: 'flex', alignItems: 'center', gap: '8px' },
  slider: { flexGrow: 1, minWidth: 0 },
  value: { minWidth: '32px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  group: { display: 'flex', flexDirection: 'column', gap: '4px', marginTop: '8px' },
  nested: { paddingLeft: '28px' },
  limit: { maxWidth: '160px' },
});

type QualityKey = 'jpegQuality' | 'webpQuality' | 'avifQuality' | 'jxlQuality';

const QUALITY_OF: Partial<Record<OutputFormat, QualityKey>> = { jpeg: 'jpegQuality', webp: 'webpQuality', avif: 'avifQuality', jxl: 'jxlQuality' };

/** Formats whose labels came with AVIF and JPEG XL (the first four keep their own keys). */
const NEW_FORMATS = new Set<OutputFormat>(['avif', 'jxl']);

/** Largest "at most N KB" we offer (50 MB): beyond it the limit means nothing for a photo. */
const MAX_KB = 51_200;

/** The quality slider's label: the original formats' keys, or the new ones under formats2. */
function qualityLabelKey(key: QualityKey): string {
  return key === 'avifQuality' || key === 'jxlQuality' ? `imageTools.formats2.${key}` : `imageTools.ops.format.${key}`;
}

/** Format (original, JPEG, WebP, PNG, AVIF, JPEG XL), quality, EXIF and the size limit. */
export function FormatSettings() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const { config, set } = useImageConfig();
  const sliderId = useId();
  const key = QUALITY_OF[config.format];
  const setLimit = (value: Partial<ImageConfig['sizeLimit']>) => set('sizeLimit', { ...config.sizeLimit, ...value });
  // EXIF goes only into JPEG (and 'original' keeps JPEG, and turns HEIC into JPEG).
  const exifCarried = config.format === 'jpeg' || config.format === 'original';
  return (
    <>
      <Field label={t('imageTools.ops.format.format')}>
        <Select value={config.format} onChange={(_e, data) => set('format', data.value as OutputFormat)}>
          {OUTPUT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(NEW_FORMATS.has(format) ? `imageTools.formats2.${format}` : `imageTools.ops.format.${format}`)}
            </option>
          ))}
        </Select>
      </Field>
      {key && (
        <div>
          <Label htmlFor={sliderId}>{t(qualityLabelKey(key))}</Label>
          <div className={styles.quality}>
            <Slider id={sliderId} className={styles.slider} min={1} max={100} value={config[key]} onChange={(_e, data) => set(key, data.value)} />
            <span className={styles.value} aria-hidden>
              {config[key]}
            </span>
          </div>
        </div>
      )}
      <p className={panel.muted}>{t('imageTools.ops.format.hint')}</p>
      <p className={panel.muted}>{t('imageTools.formats2.heicHint')}</p>

      <div className={styles.group}>
        <Checkbox checked={config.keepExif} onChange={(_e, data) => set('keepExif', data.checked === true)} label={t('imageTools.formats2.keepExif')} />
        {config.keepExif && (
          <Checkbox
            className={styles.nested}
            checked={config.removeGps}
            onChange={(_e, data) => set('removeGps', data.checked === true)}
            label={t('imageTools.formats2.removeGps')}
          />
        )}
        <p className={panel.muted} data-testid="image-exif-note">
          {t(!config.keepExif ? 'imageTools.formats2.exifStripped' : exifCarried ? 'imageTools.formats2.exifKept' : 'imageTools.formats2.exifNotCarried')}
        </p>
      </div>

      <div className={styles.group}>
        <Checkbox checked={config.sizeLimit.on} onChange={(_e, data) => setLimit({ on: data.checked === true })} label={t('imageTools.formats2.sizeLimit')} />
        {config.sizeLimit.on && (
          <NumberField
            className={`${styles.nested} ${styles.limit}`}
            label={t('imageTools.formats2.sizeLimitKb')}
            value={config.sizeLimit.kb}
            min={1}
            max={MAX_KB}
            onChange={(kb) => setLimit({ kb })}
          />
        )}
        <p className={panel.muted}>{t('imageTools.formats2.sizeLimitHint')}</p>
      </div>
    </>
  );
}
