import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Textarea } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AdminOrder, AdminOrderDetail, GrantedQuota } from '@contracts/admin/orders';
import { ErrorCode } from '@contracts/error-codes';
import { isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { formatPrice } from '../../panels/bundle-api';
import { adminFetcher } from '../../common/admin-api';
import { formatDay, orderBundleName, orderKey, refundOrder } from '../billing-api';

const MB = 1024 * 1024;
type GrantedQuotaType = Pick<GrantedQuota, 'quotaType'>;

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '12px' },
  items: { margin: 0, paddingLeft: '20px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** A quota value in its unit: times, MB, files. */
function quotaText(t: TFunction, q: GrantedQuotaType, value: number): string {
  if (q.quotaType === 'TYPE_SIZE') return t('adminBilling.units.mbValue', { value: Math.round(value / MB) });
  return t(q.quotaType === 'TYPE_BATCH_COUNT' ? 'adminBilling.units.filesValue' : 'adminBilling.units.timesValue', { count: value });
}

/**
 * Asks before refunding, and says what will happen: the amount goes back through the provider,
 * what is left of each quota item is taken back (what was used stays used), a membership ends.
 * A reason is required; it is kept with the order and in the audit log.
 */
export function RefundDialog({ order, onClose, onRefunded }: { order: AdminOrder; onClose: () => void; onRefunded: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const detail = useSWR<AdminOrderDetail, unknown>(orderKey(order.orderId), adminFetcher);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = formatPrice(order.orderAmount, order.currency, i18n.language);
  const live = detail.data?.subscription && detail.data.subscription.status !== 'ended';

  const confirm = async () => {
    if (!reason.trim()) return setError('adminBilling.validation.reason');
    setBusy(true);
    setError(null);
    try {
      await refundOrder(order.orderId, reason.trim());
      notify('success', t('adminBilling.refund.done', { amount }));
      onRefunded();
    } catch (e) {
      if (isApiError(e, ErrorCode.ORDER_STATE)) setError((e.data as { refunding?: boolean } | null)?.refunding ? 'adminBilling.refund.inProgress' : 'adminBilling.refund.notPaid');
      else if (isApiError(e, ErrorCode.VALIDATION_FAILED)) setError('adminBilling.validation.reason');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_e, d) => !busy && !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('adminBilling.refund.title', { amount })}</DialogTitle>
          <DialogContent className={styles.body}>
            <Text>{t(order.payment ? 'adminBilling.refund.intro' : 'adminBilling.refund.introNoProvider', { bundle: orderBundleName(order, i18n.language), user: order.userId, amount })}</Text>
            {detail.isLoading && <Spinner size="tiny" label={t('common.loading')} />}
            {detail.data && (
              <div data-testid="refund-take-back">
                <Text weight="semibold">{t('adminBilling.refund.takeBack')}</Text>
                {detail.data.granted.length === 0 ? (
                  <Text className={styles.muted}> {t('adminBilling.refund.nothingGranted')}</Text>
                ) : (
                  <ul className={styles.items}>
                    {detail.data.granted.map((q) => (
                      <li key={`${q.productId}-${q.quotaType}`} data-quota-type={q.quotaType}>
                        {t('adminBilling.refund.item', {
                          product: i18n.language === 'zh' ? q.productNameZh : q.productName,
                          type: t(`adminBilling.quotaTypes.${q.quotaType}`),
                          left: quotaText(t, q, q.availQuota),
                          total: quotaText(t, q, q.quota),
                          until: formatDay(q.validDate, i18n.language),
                        })}
                      </li>
                    ))}
                  </ul>
                )}
                <Text className={styles.muted}>{t('adminBilling.refund.usedStays')}</Text>
              </div>
            )}
            {live && (
              <MessageBar intent="warning">
                <MessageBarBody>{t('adminBilling.refund.endsMembership')}</MessageBarBody>
              </MessageBar>
            )}
            <Field label={t('adminBilling.refund.reason')} required validationMessage={error ? t(error) : undefined}>
              <Textarea value={reason} maxLength={500} onChange={(_e, d) => setReason(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {t('adminBilling.confirm.keep')}
            </Button>
            <Button appearance="primary" disabled={busy || !detail.data} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void confirm()}>
              {t('adminBilling.refund.confirm', { amount })}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
