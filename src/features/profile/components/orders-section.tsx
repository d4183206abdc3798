import { Badge, makeStyles, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ReceiptRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { ORDER_LIST_FILTERS } from '@contracts/orders';
import { OrderStatus } from '@contracts/statuses';
import { formatCountdown } from '../../../lib/bundle-text';
import { quietFetcher, type Order, type Page } from '../api';
import { formatAmount, formatDate } from '../format';
import { ListState } from './list-state';
import { OrderActions } from './order-actions';
import { Pager } from '../../../lib/components/pager';
import { useTableStyles } from './table-styles';

const useStyles = makeStyles({
  tabs: { marginBottom: '12px' },
  scroll: { maxHeight: '480px', overflowY: 'auto', overflowX: 'auto' },
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '4px' },
  countdown: { fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteDarkOrangeForeground1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  payment: { display: 'flex', flexDirection: 'column', gap: '2px' },
});

type Status = (typeof ORDER_LIST_FILTERS)[number];
const COLUMNS = ['bundle', 'price', 'nums', 'payment', 'status', 'time', 'action'] as const;
/** Orders per page: the list pages on the server, whatever the user has (spec: the list scrolls inside 480px). */
export const ORDERS_PAGE_SIZE = 10;
/** Prefix of every order list key: an action on one order changes all three tabs and every page. */
const LIST_PREFIX = '/my/order';

/** The current time, ticking every second while `active` (paying rows show a countdown). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** How a paid order was paid, and when; a dash until then. */
function PaymentCell({ order }: { order: Order }) {
  const styles = useStyles();
  const table = useTableStyles();
  const { t, i18n } = useTranslation();
  if (order.status !== OrderStatus.PAID) return <span className={table.muted}>—</span>;
  return (
    <span className={styles.payment}>
      <span>{order.payment ? t(`profile.orders.providers.${order.payment}`) : t('profile.orders.providers.other')}</span>
      {order.paidAt && <span className={table.muted}>{formatDate(order.paidAt, i18n.language)}</span>}
    </span>
  );
}

/** My orders with tabs all, paying, paid; server-side pages of ten that scroll inside 480px. */
export function OrdersSection() {
  const styles = useStyles();
  const table = useTableStyles();
  const { t, i18n } = useTranslation();
  const { mutate: mutateAll } = useSWRConfig();
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(1);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const { data, error, isLoading, mutate } = useSWR<Page<Order>, unknown>(`${LIST_PREFIX}?status=${status}&page=${page}&pageSize=${ORDERS_PAGE_SIZE}&lang=${lang}`, quietFetcher, {
    keepPreviousData: true,
  });
  const list = data?.list ?? [];
  const total = data?.total ?? 0;
  const now = useNow(list.some((o) => o.status === OrderStatus.PAYING));
  const refresh = () => void mutateAll((key) => typeof key === 'string' && key.startsWith(LIST_PREFIX));
  // Deleting the last order of the last page leaves that page empty: show the one before.
  const lastPage = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  useEffect(() => {
    if (data && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);
  const label = (column: (typeof COLUMNS)[number]) => <span className={table.label}>{t(`profile.orders.columns.${column}`)}</span>;
  return (
    <div>
      <TabList
        className={styles.tabs}
        selectedValue={status}
        onTabSelect={(_e, d) => {
          setStatus(d.value as Status);
          setPage(1);
        }}
        size="small"
      >
        {ORDER_LIST_FILTERS.map((id) => (
          <Tab key={id} value={id}>
            {t(`profile.orders.tabs.${id}`)}
          </Tab>
        ))}
      </TabList>
      <ListState
        loading={isLoading && !data}
        error={Boolean(error) && !data}
        onRetry={() => void mutate()}
        empty={list.length === 0 && page === 1}
        icon={<ReceiptRegular />}
        textKey="profile.orders"
      >
        <div>
          <div className={styles.scroll}>
            <Table className={table.table} aria-label={t('profile.sections.orders')} data-testid="orders-table">
              <TableHeader className={table.header}>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableHeaderCell key={c}>{t(`profile.orders.columns.${c}`)}</TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody className={table.body}>
                {list.map((order) => (
                  <TableRow key={order.orderId} className={table.row} data-order-id={order.orderId} data-status={order.status}>
                    <TableCell className={table.cell}>
                      {label('bundle')}
                      <span>{order.bundleName}</span>
                    </TableCell>
                    <TableCell className={table.cell}>
                      {label('price')}
                      <span>{formatAmount(order.orderAmount, order.currency, i18n.language)}</span>
                    </TableCell>
                    <TableCell className={table.cell}>
                      {label('nums')}
                      <span>{order.nums}</span>
                    </TableCell>
                    <TableCell className={table.cell}>
                      {label('payment')}
                      <PaymentCell order={order} />
                    </TableCell>
                    <TableCell className={table.cell}>
                      {label('status')}
                      <div className={styles.status}>
                        <Badge appearance="tint" color={order.status === OrderStatus.PAID ? 'success' : order.status === OrderStatus.PAYING ? 'warning' : 'subtle'}>
                          {t(`profile.orders.statuses.${order.status}`)}
                        </Badge>
                        {order.status === OrderStatus.PAYING && (
                          <span className={styles.countdown} role="timer">
                            {t('profile.orders.payWithin', { time: formatCountdown(Date.parse(order.expireAt) - now) })}
                          </span>
                        )}
                      </div>
                    </TableCell>
                    <TableCell className={table.cell}>
                      {label('time')}
                      <span>{formatDate(order.gmtCreate, i18n.language)}</span>
                    </TableCell>
                    <TableCell className={table.cell}>
                      {label('action')}
                      <OrderActions order={order} onChanged={refresh} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager page={page} total={total} pageSize={ORDERS_PAGE_SIZE} onPage={setPage} label={t('profile.orders.pages')} />
        </div>
      </ListState>
    </div>
  );
}
