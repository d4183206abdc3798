import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra action beside confirm (e.g. "Unpublish instead" when a delete is refused). */
  extra?: ReactNode;
}

/** Asks before a change that takes something away (unpublish, delete); Escape or Keep closes it while nothing runs. */
export function BundleConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onClose, extra }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(_e, d) => !busy && !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {t('adminBilling.confirm.keep')}
            </Button>
            {extra}
            <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
