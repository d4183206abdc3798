import { Badge, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail } from '@contracts/admin/users';
import { convertTypeLabel } from '../../../../lib/convert-type-text';
import { CONVERSION_STATUS_KEYS, formatAmount, formatTime, quotaValue } from '../api';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', marginTop: '8px' },
  muted: { display: 'block', color: tokens.colorNeutralForeground3, marginTop: '8px' },
  nowrap: { whiteSpace: 'nowrap' },
  types: { listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'flex', flexWrap: 'wrap', gap: '8px' },
  sub: { display: 'block', marginTop: '12px' },
});

/** Each quota item: product, type, granted, left, valid until, and where it came from. */
export function QuotasTable({ quotas }: { quotas: AdminUserDetail['quotas'] }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  if (quotas.length === 0) return <Text className={styles.muted}>{t('adminSupport.detail.noQuotas')}</Text>;
  return (
    <div className={styles.scroll}>
      <Table size="small" aria-label={t('adminSupport.detail.quotas')} data-testid="user-quotas">
        <TableHeader>
          <TableRow>
            {(['product', 'type', 'granted', 'left', 'validUntil', 'source'] as const).map((c) => (
              <TableHeaderCell key={c}>{t(`adminSupport.detail.quotaColumns.${c}`)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {quotas.map((q, i) => (
            <TableRow key={`${q.grantId}-${q.quotaType}-${i}`} data-source={q.source}>
              <TableCell>{q.productName}</TableCell>
              <TableCell>{t(`adminSupport.types.${q.quotaType}`)}</TableCell>
              <TableCell>{quotaValue(t, q.quotaType, q.quota)}</TableCell>
              <TableCell>{quotaValue(t, q.quotaType, q.availQuota)}</TableCell>
              <TableCell className={styles.nowrap}>
                {formatTime(q.validDate, i18n.language)} {!q.live && <Badge appearance="tint" color="subtle">{t('adminSupport.detail.expired')}</Badge>}
              </TableCell>
              <TableCell>
                {t(`adminSupport.detail.sources.${q.source}`)} · {q.bundleName}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** The latest 20 orders. */
export function OrdersTable({ orders }: { orders: AdminUserDetail['orders'] }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  if (orders.length === 0) return <Text className={styles.muted}>{t('adminSupport.detail.noOrders')}</Text>;
  return (
    <div className={styles.scroll}>
      <Table size="small" aria-label={t('adminSupport.detail.orders')}>
        <TableHeader>
          <TableRow>
            {(['bundle', 'amount', 'status', 'created'] as const).map((c) => (
              <TableHeaderCell key={c}>{t(`adminSupport.detail.orderColumns.${c}`)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((o) => (
            <TableRow key={o.orderId}>
              <TableCell>{o.bundleName}</TableCell>
              <TableCell className={styles.nowrap}>{formatAmount(o.orderAmount, o.currency)}</TableCell>
              <TableCell>{t(`adminSupport.detail.orderStatuses.${o.status}`, { defaultValue: o.status })}</TableCell>
              <TableCell className={styles.nowrap}>{formatTime(o.gmtCreate, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Conversions per type over 30 days, then the latest 20 conversions. */
export function UsageTables({ usage }: { usage: AdminUserDetail['usage'] }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const label = (type: string) => convertTypeLabel(t, i18n, type) ?? type;
  return (
    <>
      <Text size={200} weight="semibold" className={styles.sub}>
        {t('adminSupport.detail.byType')}
      </Text>
      {usage.byType.length === 0 ? (
        <Text className={styles.muted}>{t('adminSupport.detail.noUsageRecent')}</Text>
      ) : (
        <ul className={styles.types}>
          {usage.byType.map((u) => (
            <li key={u.convertType}>
              <Badge appearance="tint" color="brand">
                {label(u.convertType)}: {t('adminSupport.detail.count', { count: u.count })}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <Text size={200} weight="semibold" className={styles.sub}>
        {t('adminSupport.detail.recent')}
      </Text>
      {usage.recent.length === 0 ? (
        <Text className={styles.muted}>{t('adminSupport.detail.noUsage')}</Text>
      ) : (
        <div className={styles.scroll}>
          <Table size="small" aria-label={t('adminSupport.detail.recent')}>
            <TableHeader>
              <TableRow>
                {(['type', 'engine', 'files', 'status', 'created'] as const).map((c) => (
                  <TableHeaderCell key={c}>{t(`adminSupport.detail.usageColumns.${c}`)}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {usage.recent.map((c) => (
                <TableRow key={c.documentId}>
                  <TableCell>{label(c.convertType)}</TableCell>
                  <TableCell>{t(`adminSupport.detail.engines.${c.engine}`)}</TableCell>
                  <TableCell>{c.fileCount}</TableCell>
                  <TableCell>{t(`adminSupport.detail.conversionStatuses.${CONVERSION_STATUS_KEYS[c.status] ?? 'converting'}`)}</TableCell>
                  <TableCell className={styles.nowrap}>{formatTime(c.gmtCreate, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
