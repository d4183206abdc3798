import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PURCHASE_REDIRECT_DELAY_S } from '../../../lib/constants';
import { convertTypeLabel } from '../../../lib/convert-type-text';
import { pricingPath } from '../../../lib/paths';
import { featureMissingAtom } from '../atoms';

/**
 * Spec §8 code 1001: no live package includes this conversion type; go to the purchase page in
 * 3 s unless cancelled. The pricing page highlights a bundle that includes the type.
 */
export function FeatureMissingDialog() {
  const { t, i18n } = useTranslation();
  const [convertType, setConvertType] = useAtom(featureMissingAtom);
  const open = convertType !== null;
  const close = () => setConvertType(null);
  const label = convertType ? convertTypeLabel(t, i18n, convertType) : undefined;
  const [seconds, setSeconds] = useState(PURCHASE_REDIRECT_DELAY_S);
  /** Where to go once the dialog has closed (see LeaveAfterClose). */
  const destination = useRef<string | null>(null);
  const goToPricing = () => {
    destination.current = pricingPath(convertType ?? undefined);
    close();
  };

  useEffect(() => {
    if (!open) {
      setSeconds(PURCHASE_REDIRECT_DELAY_S);
      return;
    }
    if (seconds <= 0) {
      destination.current = pricingPath(convertType ?? undefined);
      setConvertType(null);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [open, seconds, convertType, setConvertType]);

  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_e, data) => !data.open && close()}>
      <DialogSurface>
        <LeaveAfterClose destination={destination} />
        <DialogBody>
          <DialogTitle>{t('errors.1001')}</DialogTitle>
          <DialogContent>
            {label && <p>{t('convert.featureMissing.notIncluded', { type: label })}</p>}
            <p aria-live="polite">{t('convert.featureMissing.countdown', { seconds: Math.max(seconds, 0) })}</p>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={close}>
              {t('common.actions.cancel')}
            </Button>
            <Button appearance="primary" onClick={goToPricing}>
              {t('convert.featureMissing.goNow')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * Fluent's focus trap (tabster) gives the page back to assistive technology 250 ms after a modal
 * dialog has gone, and only while something on the page still uses it: leaving sooner would leave
 * the whole app `aria-hidden` on the next page (microsoft/fluentui#35139, microsoft/tabster#530).
 */
const MODAL_RELEASE_MS = 300;

/**
 * Navigates to `destination` once the dialog's surface is gone and the page released (see
 * MODAL_RELEASE_MS): leaving while the modal dialog is still on screen, or just closed, would hide
 * the next page from screen readers.
 */
function LeaveAfterClose({ destination }: { destination: { current: string | null } }) {
  const navigate = useNavigate();
  useEffect(
    () => () => {
      const to = destination.current;
      destination.current = null;
      if (to) window.setTimeout(() => void navigate(to), MODAL_RELEASE_MS);
    },
    [destination, navigate],
  );
  return null;
}
