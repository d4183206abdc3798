import { Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CROP_TYPES, CROP_RATIOS, type CropRatio, type Place } from '@engines/image/types';
import { heightForWidth, widthForHeight } from '@engines/image/crop-box';
import { useImageConfig } from '../hooks/use-image-config';
import { NumberField } from './number-field';
import { PlacePicker } from './place-picker';
import { usePanelStyles } from './styles';

const MAX = 16_384;

function typeFor(place: Place): number {
  return Number(Object.entries(CROP_TYPES).find(([, p]) => p === place)?.[0] ?? 1);
}

/** Crop: output width and height, a ratio preset that links them, and where the box sits. */
export function CropSettings() {
  const { t } = useTranslation();
  const panel = usePanelStyles();
  const { config, patch } = useImageConfig();
  const { width, height, ratio, type } = config.crop;
  return (
    <>
      <Field label={t('imageTools.ops.crop.ratio')}>
        <Select
          value={ratio}
          onChange={(_e, data) => {
            const next = data.value as CropRatio;
            patch('crop', { ratio: next, height: heightForWidth(width, next) ?? height });
          }}
        >
          {CROP_RATIOS.map((r) => (
            <option key={r} value={r}>
              {r === 'free' ? t('imageTools.ops.crop.free') : r}
            </option>
          ))}
        </Select>
      </Field>
      <div className={panel.row}>
        <NumberField
          className={panel.grow}
          label={t('imageTools.ops.crop.width')}
          value={width}
          min={1}
          max={MAX}
          onChange={(w) => patch('crop', { width: w, height: heightForWidth(w, ratio) ?? height })}
        />
        <NumberField
          className={panel.grow}
          label={t('imageTools.ops.crop.height')}
          value={height}
          min={1}
          max={MAX}
          onChange={(h) => patch('crop', { height: h, width: widthForHeight(h, ratio) ?? width })}
        />
      </div>
      <PlacePicker label={t('imageTools.ops.crop.position')} value={CROP_TYPES[type] ?? 'center'} onChange={(place) => patch('crop', { type: typeFor(place) })} />
      <p className={panel.muted}>{t('imageTools.ops.crop.hint')}</p>
    </>
  );
}
