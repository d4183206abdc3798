import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  mergeClasses,
  Spinner,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { ORDER_LIST_FILTERS } from '@contracts/orders';
import { LinkButton } from '../../../lib/components/router-link';
import { cancelOrder, deleteOrder, quietFetcher, type Order, type Page } from '../api';
import { profileSectionAtom } from '../atoms';
import { formatCountdown } from '../../../lib/bundle-text';
import { formatAmount, formatDate } from '../format';
import { ListState } from './list-state';
import { OrderStatus } from '@contracts/statuses';

const useStyles = makeStyles({
  tabs: { marginBottom: '12px' },
  scroll: { maxHeight: '480px', overflowY: 'auto', overflowX: 'auto' },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
  cell: { textAlign: 'left', padding: '10px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, verticalAlign: 'middle' },
  head: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '4px' },
  countdown: { fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteDarkOrangeForeground1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px' },
});

type Status = (typeof ORDER_LIST_FILTERS)[number];
const COLUMNS = ['bundle', 'price', 'status', 'time', 'action'] as const;
/** Prefix of every order list key: an action on one order changes all three tabs. */
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

interface ConfirmActionProps {
  label: string;
  title: string;
  body: string;
  confirm: string;
  /** Resolves when done; a failure has been toasted by the API client. */
  onConfirm: () => Promise<unknown>;
}

/** A small row action that asks before it runs. */
function ConfirmAction({ label, title, body, confirm, onConfirm }: ConfirmActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await onConfirm().catch(() => undefined);
    setBusy(false);
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !busy && setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="subtle" size="small">
          {label}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{body}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary" disabled={busy}>
                {t('profile.orders.confirm.keep')}
              </Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void run()}>
              {confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Pay and Cancel for a paying order; Delete (hide from the list) for every other. */
function OrderActions({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const closeModal = useSetAtom(profileSectionAtom);
  if (order.status === OrderStatus.PAYING) {
    return (
      <div className={styles.actions}>
        <LinkButton to={`/payment?orderId=${encodeURIComponent(order.orderId)}`} appearance="primary" size="small" onClick={() => closeModal(null)}>
          {t('profile.orders.actions.pay')}
        </LinkButton>
        <ConfirmAction
          label={t('profile.orders.actions.cancel')}
          title={t('profile.orders.confirm.cancelTitle')}
          body={t('profile.orders.confirm.cancelBody', { name: order.bundleName })}
          confirm={t('profile.orders.confirm.cancel')}
          onConfirm={() => cancelOrder(order.orderId).then(onChanged)}
        />
      </div>
    );
  }
  return (
    <ConfirmAction
      label={t('profile.orders.actions.delete')}
      title={t('profile.orders.confirm.deleteTitle')}
      body={t('profile.orders.confirm.deleteBody', { name: order.bundleName })}
      confirm={t('profile.orders.confirm.delete')}
      onConfirm={() => deleteOrder(order.orderId).then(onChanged)}
    />
  );
}

/** My orders with tabs all, paying, paid; the list scrolls inside 480px. */
export function OrdersSection() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const { mutate } = useSWRConfig();
  const [status, setStatus] = useState<Status>('all');
  const { data, isLoading } = useSWR<Page<Order>>(`${LIST_PREFIX}?status=${status}&page=1&pageSize=50&lang=${i18n.language === 'zh' ? 'zh' : 'en'}`, quietFetcher);
  const list = data?.list ?? [];
  const now = useNow(list.some((o) => o.status === OrderStatus.PAYING));
  const refresh = () => void mutate((key) => typeof key === 'string' && key.startsWith(LIST_PREFIX));
  return (
    <div>
      <TabList className={styles.tabs} selectedValue={status} onTabSelect={(_e, d) => setStatus(d.value as Status)} size="small">
        {ORDER_LIST_FILTERS.map((id) => (
          <Tab key={id} value={id}>
            {t(`profile.orders.tabs.${id}`)}
          </Tab>
        ))}
      </TabList>
      <ListState loading={isLoading} empty={list.length === 0} icon={<ReceiptRegular />} textKey="profile.orders">
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className={mergeClasses(styles.cell, styles.head)}>
                    {t(`profile.orders.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((order) => (
                <tr key={order.orderId} data-order-id={order.orderId} data-status={order.status}>
                  <td className={styles.cell}>{order.bundleName}</td>
                  <td className={styles.cell}>{formatAmount(order.orderAmount, order.currency, i18n.language)}</td>
                  <td className={styles.cell}>
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
                  </td>
                  <td className={styles.cell}>{formatDate(order.gmtCreate, i18n.language)}</td>
                  <td className={styles.cell}>
                    <OrderActions order={order} onChanged={refresh} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
    </div>
  );
}
