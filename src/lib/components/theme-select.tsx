import { makeStyles, Select, useId } from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isThemePreference, THEME_PREFERENCES } from '../theme-choice';
import { themePreferenceAtom } from '../theme-preference';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '12px' },
});

/** The theme choice as one compact row (the mobile menu, where the profile popover's Setting tab is not shown). */
export function ThemeSelect({ className }: { className?: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const id = useId('theme-select');
  const [theme, setTheme] = useAtom(themePreferenceAtom);
  return (
    <div className={className ?? styles.row}>
      <label htmlFor={id}>{t('common.theme.label')}</label>
      <Select
        id={id}
        value={theme}
        onChange={(_e, data) => {
          if (isThemePreference(data.value)) setTheme(data.value);
        }}
      >
        {THEME_PREFERENCES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`common.theme.${choice}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
