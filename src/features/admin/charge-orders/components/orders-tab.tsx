import { Button, Field, Input, Select } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular, ReceiptRegular } from '@fluentui/react-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AdminBundlePage } from '@contracts/admin/bundles';
import { ADMIN_ORDER_STATUS_FILTERS, type AdminOrder, type AdminOrderPage } from '@contracts/admin/orders';
import { Pager } from '../../../../lib/components/pager';
import { bundleName, bundlesKey } from '../../panels/bundle-api';
import { adminFetcher, queryString } from '../../common/admin-api';
import { useAdminCardStyles } from '../../common/admin-page';
import { DateRangeFields } from '../../common/date-range-fields';
import { AdminListState } from '../../common/list-state';
import { exportUrl, NO_ORDER_FILTERS, ordersKey, type OrderFilters } from '../billing-api';
import { OrdersTable } from './orders-table';
import { RefundDialog } from './refund-dialog';

const PAGE_SIZE = 20;

/** The order list: filters and search (on the server), paging, the CSV export of what the filters match, refunds. */
export function OrdersTab() {
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<OrderFilters>(NO_ORDER_FILTERS);
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  // Typing in a text filter asks the server once the input settles, not per keystroke.
  const deferred = useDeferredValue(filters);
  const { data, error, isLoading, mutate } = useSWR<AdminOrderPage, unknown>(ordersKey(queryString({ ...deferred, page, pageSize: PAGE_SIZE })), adminFetcher, { keepPreviousData: true });
  const bundles = useSWR<AdminBundlePage, unknown>(bundlesKey(queryString({ pageSize: 100 })), adminFetcher);
  const set = (patch: Partial<OrderFilters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };

  return (
    <div className={card.card}>
      <div className={card.filters} role="search" aria-label={t('adminBilling.orders.filters')}>
        <Field label={t('admin.filters.search')}>
          <Input value={filters.q} placeholder={t('adminBilling.orders.searchHint')} onChange={(_e, d) => set({ q: d.value })} />
        </Field>
        <Field label={t('adminBilling.orders.user')}>
          <Input value={filters.user} onChange={(_e, d) => set({ user: d.value })} />
        </Field>
        <Field label={t('adminBilling.orders.status')}>
          <Select value={filters.status} onChange={(_e, d) => set({ status: d.value })}>
            {ADMIN_ORDER_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(s === 'all' ? 'adminBilling.orders.all' : `adminBilling.orders.statuses.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('adminBilling.orders.bundle')}>
          <Select value={filters.bundle} onChange={(_e, d) => set({ bundle: d.value })}>
            <option value="">{t('adminBilling.orders.all')}</option>
            {bundles.data?.list.map((b) => (
              <option key={b.id} value={b.id}>
                {bundleName(b, i18n.language)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('adminBilling.orders.kind')}>
          <Select value={filters.kind} onChange={(_e, d) => set({ kind: d.value })}>
            <option value="all">{t('adminBilling.orders.all')}</option>
            <option value="pack">{t('adminBilling.kinds.pack')}</option>
            <option value="membership">{t('adminBilling.kinds.membership')}</option>
          </Select>
        </Field>
        <DateRangeFields value={filters} onChange={(range) => set(range)} />
        <Button icon={<DismissRegular />} disabled={JSON.stringify(filters) === JSON.stringify(NO_ORDER_FILTERS)} onClick={() => set(NO_ORDER_FILTERS)}>
          {t('admin.filters.clear')}
        </Button>
        <Button as="a" href={exportUrl(deferred)} download icon={<ArrowDownloadRegular />} data-testid="orders-export">
          {t('adminBilling.orders.export')}
        </Button>
      </div>
      <AdminListState
        loading={isLoading && !data}
        error={Boolean(error) && !data}
        onRetry={() => void mutate()}
        empty={data?.list.length === 0}
        icon={<ReceiptRegular />}
        emptyTitle={t('adminBilling.orders.empty')}
      >
        <>
          <OrdersTable orders={data?.list ?? []} onRefund={setRefunding} />
          <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} label={t('adminBilling.orders.pages')} />
        </>
      </AdminListState>
      {refunding && (
        <RefundDialog
          order={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={() => {
            setRefunding(null);
            void mutate();
          }}
        />
      )}
    </div>
  );
}
