import { Button, Field, makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentLanguage, isLanguage, setLanguage } from '../../../lib/i18n';
import { isThemePreference, THEME_PREFERENCES } from '../../../lib/theme-choice';
import { themePreferenceAtom } from '../../../lib/theme-preference';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '8px' },
  contact: { justifyContent: 'flex-start' },
});

/** Setting tab: language, theme (light, dark or the system's) and a way to reach us. */
export function SettingsPanel({ onDone }: { onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [theme, setTheme] = useAtom(themePreferenceAtom);
  return (
    <div className={styles.root}>
      <Field label={t('profile.settings.language')}>
        <RadioGroup
          value={currentLanguage()}
          onChange={(_e, data) => {
            if (isLanguage(data.value)) void setLanguage(data.value);
          }}
        >
          <Radio value="en" label={t('common.languages.en')} />
          <Radio value="zh" label={t('common.languages.zh')} />
        </RadioGroup>
      </Field>
      <Field label={t('common.theme.label')}>
        <RadioGroup
          value={theme}
          onChange={(_e, data) => {
            if (isThemePreference(data.value)) setTheme(data.value);
          }}
          data-testid="theme-choice"
        >
          {THEME_PREFERENCES.map((choice) => (
            <Radio key={choice} value={choice} label={t(`common.theme.${choice}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Button
        className={styles.contact}
        icon={<MailRegular />}
        onClick={() => {
          onDone();
          void navigate('/contact');
        }}
      >
        {t('nav.contact')}
      </Button>
    </div>
  );
}
