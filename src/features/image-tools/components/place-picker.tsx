import { makeStyles, shorthands } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PLACES, type Place } from '@engines/image/types';

const useStyles = makeStyles({
  group: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: { padding: 0, marginBottom: '6px', fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightRegular },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(3, 36px)', gap: '4px' },
  cell: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '36px',
    height: '28px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
    ':has(input:checked)': { backgroundColor: tokens.colorBrandBackground, ...shorthands.borderColor(tokens.colorBrandStroke1) },
    ':has(input:focus-visible)': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  input: {
    position: 'absolute',
    opacity: 0,
    width: '100%',
    height: '100%',
    margin: 0,
    cursor: 'pointer',
    ':checked + span': { backgroundColor: tokens.colorNeutralForegroundOnBrand },
  },
  dot: { width: '8px', height: '8px', borderRadius: '50%', backgroundColor: tokens.colorNeutralForeground3 },
  current: { marginLeft: '10px', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  row: { display: 'flex', alignItems: 'center' },
});

interface PlacePickerProps {
  label: string;
  value: Place;
  onChange: (place: Place) => void;
}

/** Nine anchors as a 3 x 3 group of native radios: arrow keys move between them. */
export function PlacePicker({ label, value, onChange }: PlacePickerProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.row}>
        <div className={styles.grid}>
          {PLACES.map((place) => (
            <label key={place} className={styles.cell} title={t(`imageTools.places.${place}`)}>
              <input
                className={styles.input}
                type="radio"
                name={name}
                value={place}
                checked={value === place}
                onChange={() => onChange(place)}
                aria-label={t(`imageTools.places.${place}`)}
              />
              <span className={styles.dot} aria-hidden />
            </label>
          ))}
        </div>
        <span className={styles.current} aria-hidden>
          {t(`imageTools.places.${value}`)}
        </span>
      </div>
    </fieldset>
  );
}
