import { Button, Field, makeStyles, Radio, RadioGroup } from '@fluentui/react-components';
import { MailRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentLanguage, isLanguage, setLanguage } from '../../../lib/i18n';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '8px' },
  contact: { justifyContent: 'flex-start' },
});

/** Setting tab: the language preference and a way to reach us. */
export function SettingsPanel({ onDone }: { onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
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
