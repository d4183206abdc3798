import { Button, makeStyles, Text } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '8px', marginTop: '12px', flexWrap: 'wrap' },
});

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Names the navigation for screen readers (which list it pages). */
  label: string;
}

/** Previous / "Page x of y" / Next under a server-paged list; hidden when everything fits on one page. */
export function Pager({ page, total, pageSize, onPage, label }: PagerProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={styles.root} aria-label={label}>
      <Button size="small" icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.actions.previous')}
      </Button>
      <Text aria-live="polite">{t('common.pageOf', { page, pages })}</Text>
      <Button size="small" icon={<ChevronRightRegular />} iconPosition="after" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.actions.next')}
      </Button>
    </nav>
  );
}
