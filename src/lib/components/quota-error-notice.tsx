import { Button, Link, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorCode } from '@contracts/error-codes';
import { PURCHASE_REDIRECT_DELAY_S } from '../constants';
import { pricingPath } from '../paths';

/** Codes meaning "your package does not allow this" (spec §8). */
export const QUOTA_CODES: readonly number[] = [
  ErrorCode.FEATURE_MISSING,
  ErrorCode.NO_BATCH,
  ErrorCode.BATCH_TOO_LARGE,
  ErrorCode.NO_CONVERSIONS_LEFT,
  ErrorCode.FILE_TOO_LARGE,
];

/**
 * The message for codes 1001-1005: 1001 counts down to the purchase page (cancellable);
 * the others explain the limit and link to pricing. With the conversion type concerned, pricing
 * highlights a bundle that includes it.
 */
export function QuotaErrorNotice({ code, convertType, onDismiss }: { code: number; convertType?: string; onDismiss?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pricing = pricingPath(convertType);
  const redirecting = code === ErrorCode.FEATURE_MISSING;
  const [seconds, setSeconds] = useState(PURCHASE_REDIRECT_DELAY_S);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    if (!redirecting || cancelled) return;
    if (seconds <= 0) {
      void navigate(pricing);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [redirecting, cancelled, seconds, navigate, pricing]);

  return (
    <MessageBar intent="warning" layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{t(`errors.${code}`)}</MessageBarTitle>
        {redirecting && !cancelled ? t('errors.quota.redirecting', { seconds }) : t('errors.quota.buyHint')}
      </MessageBarBody>
      <MessageBarActions>
        {redirecting && !cancelled ? (
          <Button size="small" onClick={() => setCancelled(true)}>
            {t('common.actions.cancel')}
          </Button>
        ) : (
          <Link href={pricing} onClick={(e) => {
              e.preventDefault();
              void navigate(pricing);
            }}>
            {t('errors.quota.seePricing')}
          </Link>
        )}
        {onDismiss && (
          <Button size="small" appearance="transparent" onClick={onDismiss}>
            {t('common.actions.close')}
          </Button>
        )}
      </MessageBarActions>
    </MessageBar>
  );
}
