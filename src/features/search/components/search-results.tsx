import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { GROUP_ORDER, type SearchItem } from '../search-match';

const useStyles = makeStyles({
  list: { maxHeight: 'min(420px, 55vh)', overflowY: 'auto', padding: '6px 8px', margin: 0 },
  group: { padding: '4px 0' },
  heading: {
    padding: '8px 10px 4px',
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground3,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
  },
  option: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '12px',
    padding: '10px',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
  },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2 },
  path: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { padding: '28px 16px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

interface SearchResultsProps {
  listId: string;
  results: SearchItem[];
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onChoose: (item: SearchItem) => void;
}

/** The listbox of the search combobox, grouped by kind; the active option follows the arrow keys. */
export function SearchResults({ listId, results, active, optionId, onHover, onChoose }: SearchResultsProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (results.length === 0) {
    return (
      <div id={listId} role="listbox" aria-label={t('search.results')} className={styles.empty}>
        {t('search.noResults')}
      </div>
    );
  }
  const groups = GROUP_ORDER.filter((g) => results.some((r) => r.group === g));
  return (
    <div id={listId} role="listbox" aria-label={t('search.results')} className={styles.list}>
      {groups.map((group) => (
        <div key={group} role="group" aria-labelledby={`${listId}-${group}`} className={styles.group}>
          <div id={`${listId}-${group}`} role="presentation" className={styles.heading}>
            {t(`search.groups.${group}`)}
          </div>
          {results.map((item, index) =>
            item.group !== group ? null : (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- combobox pattern: focus stays in the search box, whose arrow keys and Enter move aria-activedescendant over these options and choose one
              <div
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={mergeClasses(styles.option, index === active && styles.active)}
                onMouseMove={() => onHover(index)}
                onClick={() => onChoose(item)}
              >
                <span>{item.label}</span>
                <ChevronRightRegular aria-hidden />
              </div>
            ),
          )}
        </div>
      ))}
    </div>
  );
}
