import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onLogin: () => void;
  onClose: () => void;
}

/** Asked of a signed-out visitor who opens the feedback form: log in first, then come back to it. */
export function LoginPrompt({ open, onLogin, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('feedback.login.title')}</DialogTitle>
          <DialogContent>{t('feedback.login.body')}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('common.actions.cancel')}
            </Button>
            <Button appearance="primary" onClick={onLogin}>
              {t('feedback.login.action')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
