import { Input, Label, makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageConfig } from '../hooks/use-image-config';
import { NumberField } from './number-field';
import { usePanelStyles } from './styles';

const useStyles = makeStyles({
  colour: { display: 'flex', flexDirection: 'column', gap: '4px', flexGrow: 1, flexBasis: '120px' },
  pair: { display: 'flex', gap: '6px', alignItems: 'center' },
  swatch: {
    width: '40px',
    height: '32px',
    padding: '2px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    flexShrink: 0,
  },
  hex: { minWidth: 0, flexGrow: 1 },
});

/** Border: colour (picker and hex) and width in pixels. */
export function BorderSettings() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const { config, patch } = useImageConfig();
  const colourId = useId();
  // The hex box keeps what is typed; only a complete #rrggbb is applied.
  const [hex, setHex] = useState(config.border.color);
  useEffect(() => setHex(config.border.color), [config.border.color]);
  return (
    <>
      <div className={panel.row}>
        <div className={styles.colour}>
          <Label htmlFor={colourId}>{t('imageTools.ops.border.color')}</Label>
          <div className={styles.pair}>
            <input id={colourId} className={styles.swatch} type="color" value={config.border.color} onChange={(e) => patch('border', { color: e.target.value })} />
            <Input
              className={styles.hex}
              aria-label={t('imageTools.ops.border.colorHex')}
              value={hex}
              spellCheck={false}
              onChange={(_e, data) => {
                setHex(data.value);
                if (/^#[0-9a-f]{6}$/i.test(data.value)) patch('border', { color: data.value.toLowerCase() });
              }}
              onBlur={() => setHex(config.border.color)}
            />
          </div>
        </div>
        <NumberField className={panel.grow} label={t('imageTools.ops.border.width')} value={config.border.width} min={0} max={500} onChange={(width) => patch('border', { width })} />
      </div>
      <p className={panel.muted}>{t('imageTools.ops.border.hint')}</p>
    </>
  );
}
