import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger, makeStyles, Spinner } from '@fluentui/react-components';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatus } from '@contracts/statuses';
import { LinkButton } from '../../../lib/components/router-link';
import { cancelOrder, deleteOrder, type Order } from '../api';
import { profileSectionAtom } from '../atoms';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px' },
});

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
export function OrderActions({ order, onChanged }: { order: Order; onChanged: () => void }) {
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
