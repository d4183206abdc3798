import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ConversionStatus } from '@contracts/statuses';
import { quietFetcher, type HistoryItem, type Page } from '../api';
import { conversionLabel } from '../../../lib/site-labels';
import { findConversion } from '../../../lib/site-map';
import { formatDate } from '../format';
import { ListState } from './list-state';

const PAGE_SIZE = 6;

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse' },
  cell: { textAlign: 'left', padding: '10px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  pager: { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '8px', marginTop: '12px' },
});

const STATUS = {
  [ConversionStatus.CONVERTING]: 'converting',
  [ConversionStatus.FAILED]: 'failed',
  [ConversionStatus.SUCCEEDED]: 'succeeded',
} as const;

/** Usage history: conversions, six per page. */
export function UsageSection() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  /** 'excel-to-json' → 'Excel to JSON' in the page's language; unknown keys stay as sent. */
  const typeLabel = (key: string | undefined) => {
    const conversion = key ? findConversion(key) : undefined;
    return conversion ? conversionLabel(t, conversion) : (key ?? '—');
  };
  const [page, setPage] = useState(1);
  const { data, isLoading } = useSWR<Page<HistoryItem>>(`/my/history?page=${page}&pageSize=${PAGE_SIZE}`, quietFetcher);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  return (
    <ListState loading={isLoading} empty={!data?.list.length} icon={<HistoryRegular />} textKey="profile.usage">
      <div>
        <table className={styles.table}>
          <thead>
            <tr>
              {(['type', 'status', 'time'] as const).map((c) => (
                <th key={c} className={`${styles.cell} ${styles.head}`}>
                  {t(`profile.usage.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(data?.list ?? []).map((item) => (
              <tr key={item.documentId}>
                <td className={styles.cell}>{typeLabel(item.output?.convertType)}</td>
                <td className={styles.cell}>
                  <Badge appearance="tint" color={item.expired ? 'subtle' : item.status === ConversionStatus.SUCCEEDED ? 'success' : item.status === ConversionStatus.FAILED ? 'danger' : 'informative'}>
                    {item.expired ? t('profile.usage.expired') : t(`profile.usage.statuses.${STATUS[item.status]}`)}
                  </Badge>
                </td>
                <td className={styles.cell}>{formatDate(item.gmtCreate, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={styles.pager}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('common.actions.previous')}
          </Button>
          <span>{t('common.pageOf', { page, pages })}</span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('common.actions.next')}
          </Button>
        </div>
      </div>
    </ListState>
  );
}
