import { useTranslation } from 'react-i18next';
import { useOutlet } from 'react-router-dom';
import { ComingSoonPage } from '../../../lib/components/coming-soon-page';

/** /payment (login required): checkout; its child route result/{orderId} replaces it. */
export function PaymentPage() {
  const { t } = useTranslation();
  const outlet = useOutlet();
  if (outlet) return outlet;
  return <ComingSoonPage eyebrow={t('tools.payment.eyebrow')} title={t('tools.payment.title')} description={t('tools.payment.description')} />;
}
