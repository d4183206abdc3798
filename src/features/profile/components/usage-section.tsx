import { Badge, Link, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular, HistoryRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { HISTORY_PAGE_SIZE } from '@contracts/documents';
import { ConversionStatus } from '@contracts/statuses';
import { quietFetcher, type HistoryItem, type Page } from '../api';
import { conversionLabel } from '../../../lib/site-labels';
import { findConversion } from '../../../lib/site-map';
import { convertTypeLabel } from '../../../lib/convert-type-text';
import { formatDate } from '../format';
import { ListState } from './list-state';
import { Pager } from '../../../lib/components/pager';
import { useTableStyles } from './table-styles';

/** Input names shown per row; the rest is counted. */
const NAMES_SHOWN = 3;

const STATUS = {
  [ConversionStatus.CONVERTING]: { key: 'converting', color: 'informative' },
  [ConversionStatus.FAILED]: { key: 'failed', color: 'danger' },
  [ConversionStatus.SUCCEEDED]: { key: 'succeeded', color: 'success' },
} as const;

const COLUMNS = ['files', 'type', 'status', 'time', 'download'] as const;

const useStyles = makeStyles({
  names: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, overflowWrap: 'anywhere' },
  downloads: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '4px', minWidth: 0, overflowWrap: 'anywhere' },
  link: { display: 'inline-flex', alignItems: 'center', gap: '4px' },
});

/** The result files of a record: links while they are kept, the expired flag after, a note for results kept on the device. */
function Downloads({ item }: { item: HistoryItem }) {
  const styles = useStyles();
  const table = useTableStyles();
  const { t } = useTranslation();
  if (item.expired) {
    return (
      <Badge appearance="tint" color="subtle" data-expired="true">
        {t('profile.usage.expired')}
      </Badge>
    );
  }
  if (item.status !== ConversionStatus.SUCCEEDED) return <span className={table.muted}>—</span>;
  const files = item.output.filesInfos;
  if (files.length === 0 || files.every((f) => !f.convertFileUrl)) return <span className={table.muted}>{t('profile.usage.onDevice')}</span>;
  return (
    <div className={styles.downloads}>
      {files
        .filter((f) => f.convertFileUrl)
        .map((f) => (
          <Link key={f.convertFileUrl} href={f.convertFileUrl} download={f.convertFileName} className={styles.link}>
            <ArrowDownloadRegular aria-hidden />
            {f.convertFileName}
          </Link>
        ))}
    </div>
  );
}

/** Usage history: each conversion's files, type, status, time and download, six per page (server-side). */
export function UsageSection() {
  const styles = useStyles();
  const table = useTableStyles();
  const { t, i18n } = useTranslation();
  /** 'excel-to-json' → 'Excel to JSON', 'pdf-merge' → 'Merge PDF' in the page's language; unknown keys stay as sent. */
  const typeLabel = (key: string) => {
    const conversion = findConversion(key);
    return conversion ? conversionLabel(t, conversion) : (convertTypeLabel(t, i18n, key) ?? key);
  };
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useSWR<Page<HistoryItem>, unknown>(`/my/history?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`, quietFetcher, { keepPreviousData: true });
  const list = data?.list ?? [];
  const label = (column: (typeof COLUMNS)[number]) => <span className={table.label}>{t(`profile.usage.columns.${column}`)}</span>;
  return (
    <ListState loading={isLoading && !data} error={Boolean(error) && !data} onRetry={() => void mutate()} empty={list.length === 0 && page === 1} icon={<HistoryRegular />} textKey="profile.usage">
      <div>
        <Table className={table.table} aria-label={t('profile.sections.usage')} data-testid="usage-table">
          <TableHeader className={table.header}>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableHeaderCell key={c}>{t(`profile.usage.columns.${c}`)}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody className={table.body}>
            {list.map((item) => {
              const names = item.input.files.map((f) => f.name);
              return (
                <TableRow key={item.documentId} className={table.row} data-document-id={item.documentId}>
                  <TableCell className={table.cell}>
                    {label('files')}
                    <div className={styles.names}>
                      {names.slice(0, NAMES_SHOWN).map((name, index) => (
                        <Text key={index}>{name}</Text>
                      ))}
                      {names.length > NAMES_SHOWN && <Text className={table.muted}>{t('profile.usage.moreFiles', { count: names.length - NAMES_SHOWN })}</Text>}
                    </div>
                  </TableCell>
                  <TableCell className={table.cell}>
                    {label('type')}
                    <span>{typeLabel(item.output.convertType)}</span>
                  </TableCell>
                  <TableCell className={table.cell}>
                    {label('status')}
                    <Badge appearance="tint" color={STATUS[item.status].color}>
                      {t(`profile.usage.statuses.${STATUS[item.status].key}`)}
                    </Badge>
                  </TableCell>
                  <TableCell className={table.cell}>
                    {label('time')}
                    <span>{formatDate(item.gmtCreate, i18n.language)}</span>
                  </TableCell>
                  <TableCell className={table.cell}>
                    {label('download')}
                    <Downloads item={item} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Pager page={page} total={data?.total ?? 0} pageSize={HISTORY_PAGE_SIZE} onPage={setPage} label={t('profile.usage.pages')} />
      </div>
    </ListState>
  );
}
