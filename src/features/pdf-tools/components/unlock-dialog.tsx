import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Spinner, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfToolError, unlockPdf } from '../pdf-worker';

interface UnlockDialogProps {
  file: File;
  /** The decrypted file, or null when the user skips it. */
  onDone: (unlocked: File | null) => void;
}

/**
 * Asks for a protected PDF's password and decrypts it on the device. The password stays in this
 * dialog's state only: it is never stored, logged or sent, and goes with the dialog.
 */
export function UnlockDialog({ file, onDone }: UnlockDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      onDone(await unlockPdf(file, password));
    } catch (error) {
      setWrong(error instanceof PdfToolError && error.failure.reason === 'wrongPassword');
      if (!(error instanceof PdfToolError)) onDone(null);
      setBusy(false);
    }
  };

  return (
    <Dialog open modalType="alert" onOpenChange={(_e, d) => !busy && !d.open && onDone(null)}>
      <DialogSurface aria-describedby="pdf-unlock-help">
        <form onSubmit={(e) => void submit(e)}>
          <DialogBody>
            <DialogTitle>{t('pdfTools.unlockDialog.title', { name: file.name })}</DialogTitle>
            <DialogContent>
              <Text as="p" id="pdf-unlock-help" block>
                {t('pdfTools.unlockDialog.help')}
              </Text>
              <Field
                label={t('pdfTools.unlockDialog.password')}
                validationState={wrong ? 'error' : 'none'}
                validationMessage={wrong ? t('pdfTools.unlockDialog.wrong') : t('pdfTools.unlockDialog.resultNote')}
              >
                <Input
                  type="password"
                  autoComplete="off"
                  value={password}
                  onChange={(_e, d) => (setPassword(d.value), setWrong(false))}
                  data-testid="pdf-unlock-password"
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog exists to take this one field; focus goes where the user types
                  autoFocus
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="button" disabled={busy} onClick={() => onDone(null)}>
                {t('pdfTools.unlockDialog.skip')}
              </Button>
              <Button type="submit" appearance="primary" disabled={busy || password === ''} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {t('pdfTools.unlockDialog.open')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
