import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ComingSoonPage } from '../../../lib/components/coming-soon-page';

export function PaymentResultPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  return (
    <ComingSoonPage
      eyebrow={t('tools.payment.eyebrow')}
      title={t('tools.payment.resultTitle')}
      description={t('tools.payment.resultDescription', { orderId })}
    />
  );
}
