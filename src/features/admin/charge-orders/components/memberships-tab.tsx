import { Badge, Field, Input, makeStyles, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { ArrowRepeatAllRegular } from '@fluentui/react-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AdminMembershipPage } from '@contracts/admin/orders';
import { MEMBERSHIP_STATUSES } from '@contracts/memberships';
import { Pager } from '../../../../lib/components/pager';
import { formatPrice } from '../../panels/bundle-api';
import { adminFetcher, queryString } from '../../common/admin-api';
import { useAdminCardStyles } from '../../common/admin-page';
import { AdminListState } from '../../common/list-state';
import { formatDay, membershipsKey, orderBundleName } from '../billing-api';

const PAGE_SIZE = 20;
const STATUS_COLORS = { active: 'success', cancelling: 'warning', payment_due: 'danger', ended: 'subtle' } as const;
/** Status → text key (keys are camelCase). */
const STATUS_KEYS = { active: 'active', cancelling: 'cancelling', payment_due: 'paymentDue', ended: 'ended' } as const;

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: '2px' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  nowrap: { whiteSpace: 'nowrap' },
});

/** Memberships with their state (active, cancelling, payment due, ended) and current paid period. */
export function MembershipsTab() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDeferredValue(q);
  const { data, error, isLoading, mutate } = useSWR<AdminMembershipPage, unknown>(membershipsKey(queryString({ status, q: search, page, pageSize: PAGE_SIZE })), adminFetcher, { keepPreviousData: true });
  const day = (iso: string | null) => (iso ? formatDay(iso, i18n.language) : '—');

  return (
    <div className={card.card}>
      <div className={card.filters} role="search" aria-label={t('adminBilling.memberships.filters')}>
        <Field label={t('admin.filters.search')}>
          <Input
            value={q}
            placeholder={t('adminBilling.memberships.searchHint')}
            onChange={(_e, d) => {
              setQ(d.value);
              setPage(1);
            }}
          />
        </Field>
        <Field label={t('adminBilling.orders.status')}>
          <Select
            value={status}
            onChange={(_e, d) => {
              setStatus(d.value);
              setPage(1);
            }}
          >
            <option value="all">{t('adminBilling.orders.all')}</option>
            {MEMBERSHIP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`adminBilling.memberships.statuses.${STATUS_KEYS[s]}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <AdminListState
        loading={isLoading && !data}
        error={Boolean(error) && !data}
        onRetry={() => void mutate()}
        empty={data?.list.length === 0}
        icon={<ArrowRepeatAllRegular />}
        emptyTitle={t('adminBilling.memberships.empty')}
      >
        <>
          <Table aria-label={t('adminBilling.memberships.title')} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('adminBilling.memberships.columns.user')}</TableHeaderCell>
                <TableHeaderCell>{t('adminBilling.memberships.columns.bundle')}</TableHeaderCell>
                <TableHeaderCell>{t('adminBilling.memberships.columns.status')}</TableHeaderCell>
                <TableHeaderCell>{t('adminBilling.memberships.columns.period')}</TableHeaderCell>
                <TableHeaderCell>{t('adminBilling.memberships.columns.price')}</TableHeaderCell>
                <TableHeaderCell>{t('adminBilling.memberships.columns.started')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data?.list.map((m) => (
                <TableRow key={m.subscriptionId} data-subscription={m.subscriptionId} data-status={m.status}>
                  <TableCell>
                    <div className={styles.stack}>
                      <Text>{m.userId}</Text>
                      <span className={styles.muted}>{m.email}</span>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className={styles.stack}>
                      <Text>{orderBundleName(m, i18n.language)}</Text>
                      <span className={styles.code}>{m.orderId}</span>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className={styles.stack}>
                      <Badge appearance="tint" color={STATUS_COLORS[m.status]}>
                        {t(`adminBilling.memberships.statuses.${STATUS_KEYS[m.status]}`)}
                      </Badge>
                      {m.status === 'ended' && m.endedAt && <span className={styles.muted}>{t('adminBilling.memberships.endedOn', { date: day(m.endedAt) })}</span>}
                    </div>
                  </TableCell>
                  <TableCell className={styles.nowrap}>{m.currentPeriodStart ? t('adminBilling.memberships.periodRange', { from: day(m.currentPeriodStart), to: day(m.currentPeriodEnd) }) : '—'}</TableCell>
                  <TableCell className={styles.nowrap}>{t('adminBilling.memberships.perPeriod', { price: formatPrice(m.amount, m.currency, i18n.language), period: t(`adminBilling.periods.m${m.periodMonths}`) })}</TableCell>
                  <TableCell className={styles.nowrap}>{day(m.createTime)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} label={t('adminBilling.memberships.pages')} />
        </>
      </AdminListState>
    </div>
  );
}
