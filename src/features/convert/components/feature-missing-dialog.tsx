import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PURCHASE_REDIRECT_DELAY_S } from '../../../lib/constants';
import { PATHS } from '../../../lib/paths';
import { featureMissingAtom } from '../atoms';

/** Spec §8 code 1001: the package lacks this feature; go to the purchase page in 3 s unless cancelled. */
export function FeatureMissingDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useAtom(featureMissingAtom);
  const [seconds, setSeconds] = useState(PURCHASE_REDIRECT_DELAY_S);

  useEffect(() => {
    if (!open) {
      setSeconds(PURCHASE_REDIRECT_DELAY_S);
      return;
    }
    if (seconds <= 0) {
      setOpen(false);
      void navigate(PATHS.pricing);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [open, seconds, navigate, setOpen]);

  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_e, data) => !data.open && setOpen(false)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('errors.1001')}</DialogTitle>
          <DialogContent>
            <p aria-live="polite">{t('convert.featureMissing.countdown', { seconds: Math.max(seconds, 0) })}</p>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={() => setOpen(false)}>
              {t('common.actions.cancel')}
            </Button>
            <Button appearance="primary" onClick={() => {
                setOpen(false);
                void navigate(PATHS.pricing);
              }}>
              {t('convert.featureMissing.goNow')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
