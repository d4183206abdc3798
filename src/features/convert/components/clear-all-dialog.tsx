import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Clear all" asks first: it also stops conversions still running and drops results not yet saved. */
export function ClearAllDialog({ count, busy, onConfirm }: { count: number; busy: boolean; onConfirm: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_e, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<DeleteRegular />} disabled={count === 0}>
          {t('convert.actions.clearAll')}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('convert.clear.title')}</DialogTitle>
          <DialogContent>{t(busy ? 'convert.clear.bodyBusy' : 'convert.clear.body', { count })}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{t('common.actions.cancel')}</Button>
            </DialogTrigger>
            <Button appearance="primary" onClick={() => (setOpen(false), onConfirm())}>
              {t('convert.clear.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
