import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISABLE_REFUSALS, type AdminUser, type DisableRefusal } from '@contracts/admin/users';
import { ErrorCode } from '@contracts/error-codes';
import { isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { setAccountState } from '../api';

/** The refusal a 40301 answer names, if any. */
function refusalOf(error: unknown): DisableRefusal | null {
  if (!isApiError(error, ErrorCode.FORBIDDEN)) return null;
  const reason = (error.data as { reason?: unknown } | null)?.reason;
  return (DISABLE_REFUSALS as readonly unknown[]).includes(reason) ? (reason as DisableRefusal) : null;
}

/**
 * The confirmation before disabling (it signs the account out everywhere at once) or enabling an
 * account. A refusal (own account, last manager) is said in the dialog.
 */
export function AccountStateDialog({ open, user, onClose, onDone }: { open: boolean; user: AdminUser; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const verb = user.disabled ? 'enable' : 'disable';
  useEffect(() => {
    if (open) setRefusal(null);
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await setAccountState(user.id, verb);
      notify('success', t(verb === 'disable' ? 'adminSupport.state.disabled' : 'adminSupport.state.enabled'));
      await onDone();
    } catch (error) {
      const reason = refusalOf(error);
      setRefusal(reason ? t(`adminSupport.state.refusals.${reason}`) : t('errors.40301'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t(verb === 'disable' ? 'adminSupport.state.disableTitle' : 'adminSupport.state.enableTitle', { userId: user.userId })}</DialogTitle>
          <DialogContent>
            {t(verb === 'disable' ? 'adminSupport.state.disableBody' : 'adminSupport.state.enableBody')}
            {refusal && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{refusal}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('adminSupport.state.cancel')}
            </Button>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()}>
              {t(verb === 'disable' ? 'adminSupport.state.disableConfirm' : 'adminSupport.state.enableConfirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
