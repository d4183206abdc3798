import { Badge, Button, Field, Input, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { PeopleRegular, SearchRegular } from '@fluentui/react-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AdminUserPage } from '@contracts/admin/users';
import { Pager } from '../../../../lib/components/pager';
import { MEDIA } from '../../../../lib/constants';
import { adminFetcher, queryString } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { AdminListState } from '../../common/list-state';
import { formatTime } from '../api';
import { UserDetail } from './user-detail';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gap: '16px',
    gridTemplateColumns: 'minmax(0, 1fr)',
    [MEDIA.fromLg]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', alignItems: 'start' },
  },
  search: { flexGrow: 1, minWidth: '220px' },
  pick: { justifyContent: 'flex-start', padding: 0, minWidth: 0, height: 'auto', fontWeight: tokens.fontWeightSemibold },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  badges: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  nowrap: { whiteSpace: 'nowrap' },
});

/** Accounts for staff: search by user id or e-mail, and the chosen account's quotas, orders and usage. */
export function UsersPage() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const deferred = useDeferredValue(q);
  const key = `/admin/users${queryString({ q: deferred.trim(), page, pageSize: PAGE_SIZE })}`;
  const { data, error, isLoading, mutate } = useSWR<AdminUserPage, unknown>(key, adminFetcher, { keepPreviousData: true });
  return (
    <AdminPage page="users">
      <div className={styles.layout}>
        <div className={card.card}>
          <div className={card.filters} role="search" aria-label={t('adminSupport.users.search')}>
            <Field label={t('adminSupport.users.searchLabel')} hint={t('adminSupport.users.searchHint')} className={styles.search}>
              <Input
                type="search"
                contentBefore={<SearchRegular />}
                value={q}
                onChange={(_e, d) => {
                  setQ(d.value);
                  setPage(1);
                }}
              />
            </Field>
          </div>
          <AdminListState
            loading={isLoading && !data}
            error={Boolean(error) && !data}
            onRetry={() => void mutate()}
            empty={data?.list.length === 0}
            icon={<PeopleRegular />}
            emptyTitle={t('adminSupport.users.empty')}
          >
            <>
              <Table aria-label={t('adminSupport.users.list')} size="small">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('adminSupport.users.columns.userId')}</TableHeaderCell>
                    <TableHeaderCell>{t('adminSupport.users.columns.email')}</TableHeaderCell>
                    <TableHeaderCell>{t('adminSupport.users.columns.status')}</TableHeaderCell>
                    <TableHeaderCell>{t('adminSupport.users.columns.created')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data?.list.map((u) => (
                    <TableRow key={u.id} data-user-id={u.userId} className={u.id === selected ? styles.selected : undefined}>
                      <TableCell>
                        <Button appearance="transparent" className={styles.pick} aria-pressed={u.id === selected} onClick={() => setSelected(u.id)}>
                          {u.userId}
                        </Button>
                      </TableCell>
                      <TableCell>{u.email}</TableCell>
                      <TableCell>
                        <span className={styles.badges}>
                          <Badge appearance="tint" color={u.disabled ? 'danger' : 'success'}>
                            {t(u.disabled ? 'adminSupport.users.statuses.disabled' : 'adminSupport.users.statuses.enabled')}
                          </Badge>
                          {u.mgr && <Badge appearance="outline">{t('adminSupport.users.roles.manager')}</Badge>}
                          {u.google && <Badge appearance="outline">{t('adminSupport.users.google')}</Badge>}
                        </span>
                      </TableCell>
                      <TableCell className={styles.nowrap}>{formatTime(u.createTime, i18n.language)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} label={t('adminSupport.users.pages')} />
            </>
          </AdminListState>
        </div>
        <UserDetail id={selected} onChanged={() => void mutate()} onBack={() => setSelected(null)} />
      </div>
    </AdminPage>
  );
}
