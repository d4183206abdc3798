import { Dialog, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { SearchRegular } from '@fluentui/react-icons';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { searchEntryLabel } from '../search-labels';
import { SEARCH_ENTRIES } from '../search-entries';
import { useOfferedConversion } from '../../../lib/hooks/use-offered-conversions';
import { searchInitialQueryAtom, searchOpenAtom } from '../atoms';
import { matchSearch, orderByGroup, type SearchItem } from '../search-match';
import { SearchResults } from './search-results';

const useStyles = makeStyles({
  surface: { padding: 0, maxWidth: '600px', width: 'calc(100vw - 24px)', overflow: 'hidden', alignSelf: 'start', marginTop: '10vh' },
  title: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
  inputRow: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '14px 16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  icon: { fontSize: '20px', color: tokens.colorNeutralForeground3 },
  input: {
    flexGrow: 1,
    border: 'none',
    outline: 'none',
    fontSize: tokens.fontSizeBase400,
    fontFamily: 'inherit',
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
  },
  hints: {
    display: 'flex',
    gap: '16px',
    padding: '10px 16px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** Ctrl+K search over every tool and page: a combobox with a listbox, fully keyboard operable. */
export function SearchDialog() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useAtom(searchOpenAtom);
  const initialQuery = useAtomValue(searchInitialQueryAtom);
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const listId = useId();

  // Conversions staff switched off are left out once the feature list has loaded.
  const offered = useOfferedConversion(open);
  const items = useMemo<SearchItem[]>(
    () =>
      SEARCH_ENTRIES.filter((e) => !e.conversion || offered(e.conversion.key)).map((e) => ({
        id: e.id,
        path: e.path,
        group: e.group,
        label: searchEntryLabel(t, e),
        keywords: e.keywords,
      })),
    [t, offered],
  );
  const results = useMemo(() => orderByGroup(matchSearch(items, query)), [items, query]);

  useEffect(() => {
    if (open) {
      setQuery(initialQuery);
      setActive(0);
    }
  }, [open, initialQuery]);
  useEffect(() => setActive(0), [query]);

  const optionId = (index: number) => `${listId}-opt-${index}`;
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const go = (item: SearchItem | undefined) => {
    if (!item) return;
    setOpen(false);
    void navigate(item.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1;
    if (event.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1));
    else if (event.key === 'ArrowUp') setActive((i) => (i <= 0 ? last : i - 1));
    else if (event.key === 'Home' && event.ctrlKey) setActive(0);
    else if (event.key === 'End' && event.ctrlKey) setActive(last);
    else if (event.key === 'Enter') go(results[active]);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={(_e, data) => setOpen(data.open)}>
      <DialogSurface className={styles.surface} aria-label={t('search.title')}>
        <DialogTitle className={styles.title}>{t('search.title')}</DialogTitle>
        <div className={styles.inputRow}>
          <SearchRegular className={styles.icon} aria-hidden />
          <input
            className={styles.input}
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
            aria-label={t('search.inputLabel')}
            placeholder={t('search.inputPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens on the user's request and is only this search box; the dialog pattern moves focus into it
            autoFocus
          />
        </div>
        <SearchResults
          listId={listId}
          results={results}
          active={active}
          optionId={optionId}
          onHover={setActive}
          onChoose={go}
        />
        <div className={styles.hints} aria-hidden>
          <span>{t('search.hintMove')}</span>
          <span>{t('search.hintOpen')}</span>
          <span>{t('search.hintClose')}</span>
        </div>
      </DialogSurface>
    </Dialog>
  );
}
