import { Button, Field, Input, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { DismissRegular, HistoryRegular } from '@fluentui/react-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AuditPage as AuditList } from '@contracts/admin/audit';
import { Pager } from '../../../../lib/components/pager';
import { adminFetcher, queryString } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { DateRangeFields, type DateRange } from '../../common/date-range-fields';
import { AdminListState } from '../../common/list-state';
import { changedFields } from '../changed-fields';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  changes: { margin: 0, paddingLeft: '16px', fontSize: tokens.fontSizeBase200 },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  nowrap: { whiteSpace: 'nowrap' },
});

interface Filters extends DateRange {
  actor: string;
  action: string;
  targetId: string;
}
const NO_FILTERS: Filters = { actor: '', action: '', targetId: '', from: '', to: '' };

/** Every change staff made, newest first: who, what, when, and the fields before and after. */
export function AuditPage() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  // Typing in a filter field asks the server once the input settles, not per keystroke.
  const deferred = useDeferredValue(filters);
  const key = `/admin/audit${queryString({ ...deferred, page, pageSize: PAGE_SIZE })}`;
  const { data, error, isLoading, mutate } = useSWR<AuditList, unknown>(key, adminFetcher, { keepPreviousData: true });
  const set = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en-GB');
  return (
    <AdminPage page="audit">
      <div className={card.card}>
        <div className={card.filters} role="search" aria-label={t('admin.audit.filters')}>
          <Field label={t('admin.audit.actor')}>
            <Input value={filters.actor} onChange={(_e, d) => set({ actor: d.value })} />
          </Field>
          <Field label={t('admin.audit.action')}>
            <Input value={filters.action} placeholder={t('admin.audit.actionHint')} onChange={(_e, d) => set({ action: d.value })} />
          </Field>
          <Field label={t('admin.audit.target')}>
            <Input value={filters.targetId} onChange={(_e, d) => set({ targetId: d.value })} />
          </Field>
          <DateRangeFields value={filters} onChange={(range) => set(range)} />
          <Button icon={<DismissRegular />} disabled={JSON.stringify(filters) === JSON.stringify(NO_FILTERS)} onClick={() => set(NO_FILTERS)}>
            {t('admin.filters.clear')}
          </Button>
        </div>
        <AdminListState
          loading={isLoading && !data}
          error={Boolean(error) && !data}
          onRetry={() => void mutate()}
          empty={data?.list.length === 0}
          icon={<HistoryRegular />}
          emptyTitle={t('admin.audit.empty')}
        >
          <>
            <Table aria-label={t('admin.pages.audit.title')} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('admin.audit.time')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.audit.actor')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.audit.action')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.audit.target')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.audit.changes')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data?.list.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className={styles.nowrap}>{time(e.createTime)}</TableCell>
                    <TableCell>{e.actorName}</TableCell>
                    <TableCell className={styles.code}>{e.action}</TableCell>
                    <TableCell className={styles.code}>
                      {e.targetType}/{e.targetId}
                    </TableCell>
                    <TableCell>
                      <ul className={styles.changes}>
                        {changedFields(e.before, e.after).map((c) => (
                          <li key={c.field}>
                            <span className={styles.code}>{c.field}</span>: {c.before} → {c.after}
                          </li>
                        ))}
                      </ul>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} label={t('admin.audit.pages')} />
          </>
        </AdminListState>
      </div>
    </AdminPage>
  );
}
