import { useTranslation } from 'react-i18next';
import { useOutlet, useSearchParams } from 'react-router-dom';
import { Checkout } from './checkout';
import { OrderStateNotice } from './order-state-notice';
import { PaymentLayout } from './payment-layout';

/** /payment?orderId= (login required): the checkout; its child routes (result, sandbox) replace it. */
export function PaymentPage() {
  const outlet = useOutlet();
  if (outlet) return outlet;
  return <CheckoutPage />;
}

function CheckoutPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('orderId')?.trim();
  return (
    <PaymentLayout title={t('payment.checkout.title')} lead={t('payment.checkout.lead')}>
      {orderId ? <Checkout key={orderId} orderId={orderId} /> : <OrderStateNotice kind="noOrder" />}
    </PaymentLayout>
  );
}
