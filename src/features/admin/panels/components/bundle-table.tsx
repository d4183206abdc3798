import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { DeleteRegular, EditRegular, EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminBundle } from '@contracts/admin/bundles';
import { ErrorCode } from '@contracts/error-codes';
import { isApiError } from '../../../../lib/api-client';
import { durationText } from '../../../../lib/bundle-text';
import { notify } from '../../../../lib/notify';
import { bundleName, deleteBundle, formatPrice, setBundlePublished } from '../bundle-api';
import { BundleConfirmDialog } from './bundle-confirm-dialog';

const useStyles = makeStyles({
  name: { display: 'flex', flexDirection: 'column', gap: '2px' },
  id: { fontFamily: tokens.fontFamilyMonospace, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  nowrap: { whiteSpace: 'nowrap' },
});

type BundleKindFields = Pick<AdminBundle, 'kind' | 'duration' | 'periodMonths'>;

const isHeld = (b: AdminBundle) => b.holders.grants + b.holders.orders + b.holders.subscriptions > 0;

/** "One-off pack · 1 month" or "Membership · every 6 months". */
export function kindText(t: TFunction, b: BundleKindFields): string {
  return b.kind === 'membership' && b.periodMonths ? `${t('adminBilling.kinds.membership')} · ${t(`adminBilling.periods.m${b.periodMonths}`)}` : `${t('adminBilling.kinds.pack')} · ${durationText(t, b.duration)}`;
}

type Pending = { action: 'unpublish' | 'delete'; bundle: AdminBundle; refused?: boolean } | null;

/** The bundles with their state, price and kind; edit, publish, and (after asking) unpublish or delete. */
export function BundleTable({ bundles, onEdit, onChanged }: { bundles: AdminBundle[]; onEdit: (b: AdminBundle) => void; onChanged: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      notify('success', done);
      setPending(null);
      onChanged();
    } catch (error) {
      if (isApiError(error, ErrorCode.BUNDLE_IN_USE) && pending) setPending({ ...pending, refused: true });
      else setPending(null);
    } finally {
      setBusy(false);
    }
  };
  const unpublish = (b: AdminBundle) => run(() => setBundlePublished(b.id, false), t('adminBilling.bundles.unpublished', { name: bundleName(b, i18n.language) }));
  const publish = (b: AdminBundle) => run(() => setBundlePublished(b.id, true), t('adminBilling.bundles.publishedToast', { name: bundleName(b, i18n.language) }));

  const target = pending?.bundle;
  const cannotDelete = pending?.action === 'delete' && (pending.refused || isHeld(pending.bundle));
  return (
    <>
      <Table aria-label={t('adminBilling.bundles.listLabel')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('adminBilling.bundles.columns.name')}</TableHeaderCell>
            <TableHeaderCell>{t('adminBilling.bundles.columns.kind')}</TableHeaderCell>
            <TableHeaderCell>{t('adminBilling.bundles.columns.price')}</TableHeaderCell>
            <TableHeaderCell>{t('adminBilling.bundles.columns.state')}</TableHeaderCell>
            <TableHeaderCell>{t('adminBilling.bundles.columns.holders')}</TableHeaderCell>
            <TableHeaderCell>{t('adminBilling.bundles.columns.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bundles.map((b) => (
            <TableRow key={b.id} data-bundle={b.id} data-published={b.published}>
              <TableCell>
                <div className={styles.name}>
                  <Text weight="semibold">
                    {bundleName(b, i18n.language)} {b.trial && <Badge appearance="tint" color="informative">{t('adminBilling.bundles.trial')}</Badge>}
                  </Text>
                  <span className={styles.id}>{b.id}</span>
                </div>
              </TableCell>
              <TableCell className={styles.nowrap}>{kindText(t, b)}</TableCell>
              <TableCell className={styles.nowrap}>{formatPrice(b.price, b.currency, i18n.language)}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={b.published ? 'success' : 'subtle'}>
                  {t(b.published ? 'adminBilling.bundles.state.published' : 'adminBilling.bundles.state.unpublished')}
                </Badge>
              </TableCell>
              <TableCell className={styles.nowrap}>{t('adminBilling.bundles.holders', b.holders)}</TableCell>
              <TableCell>
                <div className={styles.actions}>
                  <Button size="small" icon={<EditRegular />} onClick={() => onEdit(b)}>
                    {t('adminBilling.bundles.actions.edit')}
                  </Button>
                  {b.published ? (
                    <Button size="small" icon={<EyeOffRegular />} onClick={() => setPending({ action: 'unpublish', bundle: b })}>
                      {t('adminBilling.bundles.actions.unpublish')}
                    </Button>
                  ) : (
                    <Button size="small" icon={<EyeRegular />} disabled={busy} onClick={() => void publish(b)}>
                      {t('adminBilling.bundles.actions.publish')}
                    </Button>
                  )}
                  <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setPending({ action: 'delete', bundle: b })}>
                    {t('adminBilling.bundles.actions.delete')}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {target && pending.action === 'unpublish' && (
        <BundleConfirmDialog
          open
          busy={busy}
          title={t('adminBilling.confirm.unpublishTitle', { name: bundleName(target, i18n.language) })}
          confirmLabel={t('adminBilling.bundles.actions.unpublish')}
          onConfirm={() => void unpublish(target)}
          onClose={() => setPending(null)}
        >
          {t('adminBilling.confirm.unpublishBody')}
        </BundleConfirmDialog>
      )}
      {target && pending.action === 'delete' && (
        <BundleConfirmDialog
          open
          busy={busy}
          title={t('adminBilling.confirm.deleteTitle', { name: bundleName(target, i18n.language) })}
          confirmLabel={cannotDelete ? t('adminBilling.confirm.unpublishInstead') : t('adminBilling.bundles.actions.delete')}
          onConfirm={() => void (cannotDelete ? unpublish(target) : run(() => deleteBundle(target.id), t('adminBilling.bundles.deleted', { name: bundleName(target, i18n.language) })))}
          onClose={() => setPending(null)}
        >
          {cannotDelete ? t('adminBilling.confirm.heldBody', target.holders) : t('adminBilling.confirm.deleteBody')}
        </BundleConfirmDialog>
      )}
    </>
  );
}
