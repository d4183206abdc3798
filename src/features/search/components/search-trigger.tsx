import { makeStyles, mergeClasses, shorthands } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { SearchRegular } from '@fluentui/react-icons';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ShellButton } from '../../../lib/components/shell-button';
import { MEDIA } from '../../../lib/constants';
import { searchOpenAtom } from '../atoms';
import { useSearchHotkey } from '../hooks/use-search-hotkey';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    width: '200px',
    height: '34px',
    padding: '0 10px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    cursor: 'text',
    textAlign: 'left',
    ':hover': { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorNeutralBackground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '1px' },
    [MEDIA.belowMd]: { display: 'none' },
  },
  placeholder: { flexGrow: 1 },
  icon: { fontSize: '16px' },
  iconButton: { [MEDIA.fromMd]: { display: 'none' } },
});

/** The header search box (placeholder 'Ctrl + K') and the global shortcut that opens the dialog. */
export function SearchTrigger({ className }: { className?: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const setOpen = useSetAtom(searchOpenAtom);
  useSearchHotkey();
  return (
    <>
      <button
        type="button"
        className={mergeClasses(styles.box, className)}
        aria-label={`${t('nav.searchOpen')} (${t('nav.searchPlaceholder')})`}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      >
        <SearchRegular className={styles.icon} aria-hidden />
        <span className={styles.placeholder}>{t('nav.searchPlaceholder')}</span>
      </button>
      <ShellButton className={styles.iconButton} iconOnly aria-label={t('nav.searchOpen')} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <SearchRegular aria-hidden />
      </ShellButton>
    </>
  );
}
