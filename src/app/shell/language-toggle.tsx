import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { ShellButton } from '../../lib/components/shell-button';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../../lib/i18n';

const useStyles = makeStyles({
  button: { minWidth: '40px', fontWeight: tokens.fontWeightSemibold },
});

/**
 * Shows the language you switch to: 中 while in English, En while in Chinese (saved under 'lang',
 * or where `onChange` saves it: the admin area keeps its own).
 */
export function LanguageToggle({ className, onChange = setLanguage }: { className?: string; onChange?: ((lng: Language) => Promise<void>) | undefined }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'zh' ? 'en' : 'zh';
  return (
    <ShellButton
      className={mergeClasses(styles.button, className)}
      aria-label={t('nav.switchLanguage')}
      lang={next === 'zh' ? 'zh-CN' : 'en'}
      onClick={() => void onChange(next)}
      data-testid="language-toggle"
    >
      {t(next === 'zh' ? 'common.languages.zhShort' : 'common.languages.enShort')}
    </ShellButton>
  );
}
