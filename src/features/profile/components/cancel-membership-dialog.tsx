import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelMembership } from '../products-api';

interface CancelMembershipDialogProps {
  subscriptionId: string;
  name: string;
  /** The end of the paid period, as shown. */
  endDate: string;
  /** Called once the membership is cancelling. */
  onCancelled: () => void;
}

/** "Cancel at period end", behind a confirmation that says what is kept and that nothing is refunded. */
export function CancelMembershipDialog({ subscriptionId, name, endDate, onCancelled }: CancelMembershipDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await cancelMembership(subscriptionId);
      onCancelled();
      setOpen(false);
    } catch {
      // Toasted by the API client; the dialog stays open to try again or keep.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !busy && setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="secondary" size="small">
          {t('profile.products.membership.cancel')}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('profile.products.membership.confirmTitle')}</DialogTitle>
          <DialogContent>{t('profile.products.membership.confirmBody', { name, date: endDate })}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary" disabled={busy}>
                {t('profile.products.membership.keep')}
              </Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void confirm()}>
              {t('profile.products.membership.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
