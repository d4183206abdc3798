import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { ArrowUndoRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '@contracts/admin/orders';
import { formatPrice } from '../../panels/bundle-api';
import { formatTime, orderBundleName } from '../billing-api';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: '2px' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  nowrap: { whiteSpace: 'nowrap' },
});

const STATUS_COLORS = { paid: 'success', paying: 'warning', refunded: 'danger', cancelled: 'subtle', expired: 'subtle' } as const;

/** The orders of one page: when, who, what, how much, its state and payment, and Refund for a paid one. */
export function OrdersTable({ orders, onRefund }: { orders: AdminOrder[]; onRefund: (order: AdminOrder) => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  return (
    <Table aria-label={t('admin.pages.orders.title')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('adminBilling.orders.columns.time')}</TableHeaderCell>
          <TableHeaderCell>{t('adminBilling.orders.columns.order')}</TableHeaderCell>
          <TableHeaderCell>{t('adminBilling.orders.columns.user')}</TableHeaderCell>
          <TableHeaderCell>{t('adminBilling.orders.columns.bundle')}</TableHeaderCell>
          <TableHeaderCell>{t('adminBilling.orders.columns.amount')}</TableHeaderCell>
          <TableHeaderCell>{t('adminBilling.orders.columns.status')}</TableHeaderCell>
          <TableHeaderCell>{t('adminBilling.orders.columns.payment')}</TableHeaderCell>
          <TableHeaderCell>{t('adminBilling.orders.columns.actions')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((o) => (
          <TableRow key={o.orderId} data-order={o.orderId} data-status={o.status}>
            <TableCell className={styles.nowrap}>{formatTime(o.gmtCreate, i18n.language)}</TableCell>
            <TableCell>
              <span className={styles.code}>{o.orderId}</span>
            </TableCell>
            <TableCell>
              <div className={styles.stack}>
                <Text>{o.userId}</Text>
                <span className={styles.muted}>{o.email}</span>
              </div>
            </TableCell>
            <TableCell>
              <div className={styles.stack}>
                <Text>{orderBundleName(o, i18n.language)}</Text>
                <span className={styles.muted}>{t(`adminBilling.kinds.${o.kind}`)}</span>
              </div>
            </TableCell>
            <TableCell className={styles.nowrap}>{formatPrice(o.orderAmount, o.currency, i18n.language)}</TableCell>
            <TableCell>
              <div className={styles.stack}>
                <Badge appearance="tint" color={STATUS_COLORS[o.status]}>
                  {t(`adminBilling.orders.statuses.${o.status}`)}
                </Badge>
                {o.refunding && <span className={styles.muted}>{t('adminBilling.orders.refunding')}</span>}
                {o.status === 'refunded' && o.refundReason && <span className={styles.muted}>{o.refundReason}</span>}
              </div>
            </TableCell>
            <TableCell className={styles.nowrap}>{o.payment ? t(`adminBilling.orders.payments.${o.payment}`) : '—'}</TableCell>
            <TableCell>
              {o.status === 'paid' && (
                <Button size="small" icon={<ArrowUndoRegular />} disabled={o.refunding} onClick={() => onRefund(o)}>
                  {t('adminBilling.orders.refund')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
