import { makeStyles, MessageBar, MessageBarBody, Text, ToggleButton } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../common/date-range-fields';
import { PRESETS, presetRange, rangeProblem, type RangeChoice } from '../range';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: '12px', flexWrap: 'wrap', alignItems: 'flex-end', marginBottom: '16px' },
  presets: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  utc: { color: tokens.colorNeutralForeground3, alignSelf: 'center' },
  problem: { marginBottom: '16px' },
});

/** Presets of 7, 30 and 90 days ending today, and a custom range typed into the day fields. */
export function RangeBar({ choice, onChange }: { choice: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const problem = rangeProblem(choice.range);
  return (
    <>
      <div className={styles.bar} role="group" aria-label={t('adminDashboard.range.label')}>
        <div className={styles.presets} role="group" aria-label={t('adminDashboard.range.presets')}>
          {PRESETS.map((days) => (
            <ToggleButton key={days} checked={choice.preset === days} onClick={() => onChange({ preset: days, range: presetRange(days) })}>
              {t('adminDashboard.range.lastDays', { count: days })}
            </ToggleButton>
          ))}
        </div>
        <DateRangeFields value={choice.range} onChange={(range) => onChange({ preset: 'custom', range })} />
        <Text className={styles.utc}>{t('adminDashboard.range.utc')}</Text>
      </div>
      {problem && (
        <MessageBar intent="warning" className={styles.problem}>
          <MessageBarBody>{t(Object.values(problem)[0]!)}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
