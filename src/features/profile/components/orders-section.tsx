import { Badge, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { quietFetcher, type Order, type Page } from '../api';
import { formatAmount, formatDate } from '../format';
import { ListState } from './list-state';

const useStyles = makeStyles({
  tabs: { marginBottom: '12px' },
  scroll: { maxHeight: '480px', overflowY: 'auto' },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
  cell: { textAlign: 'left', padding: '10px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightSemibold },
});

const TABS = ['all', 'paying', 'paid'] as const;
type Status = (typeof TABS)[number];

/** My orders with tabs all, paying, paid; the list scrolls inside 480px. */
export function OrdersSection() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Status>('all');
  const { data, isLoading } = useSWR<Page<Order>>(`/my/order?status=${status}&page=1&pageSize=50`, quietFetcher);
  const columns = ['bundle', 'price', 'status', 'time'] as const;
  return (
    <div>
      <TabList className={styles.tabs} selectedValue={status} onTabSelect={(_e, d) => setStatus(d.value as Status)} size="small">
        {TABS.map((id) => (
          <Tab key={id} value={id}>
            {t(`profile.orders.tabs.${id}`)}
          </Tab>
        ))}
      </TabList>
      <ListState loading={isLoading} empty={!data?.list.length} icon={<ReceiptRegular />} textKey="profile.orders">
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} className={`${styles.cell} ${styles.head}`}>
                    {t(`profile.orders.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(data?.list ?? []).map((order) => (
                <tr key={order.orderId}>
                  <td className={styles.cell}>{order.bundleName}</td>
                  <td className={styles.cell}>{formatAmount(order.orderAmount, order.currency)}</td>
                  <td className={styles.cell}>
                    <Badge appearance="tint" color={order.status === 'paid' ? 'success' : order.status === 'paying' ? 'warning' : 'subtle'}>
                      {t(`profile.orders.statuses.${order.status}`)}
                    </Badge>
                  </td>
                  <td className={styles.cell}>{formatDate(order.gmtCreate, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
    </div>
  );
}
