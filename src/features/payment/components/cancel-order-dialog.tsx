import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger, Link, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelOrder } from '../api';

/** "Cancel order" asks first; after the API cancels it, `onCancelled` runs. Failures are toasted. */
export function CancelOrderDialog({ orderId, disabled, onCancelled }: { orderId: string; disabled?: boolean; onCancelled: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await cancelOrder(orderId);
      setOpen(false);
      onCancelled();
    } catch {
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !busy && setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Link as="button" disabled={disabled}>
          {t('payment.cancel.trigger')}
        </Link>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('payment.cancel.title')}</DialogTitle>
          <DialogContent>{t('payment.cancel.body')}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary" disabled={busy}>
                {t('payment.cancel.keep')}
              </Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void confirm()}>
              {t('payment.cancel.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
