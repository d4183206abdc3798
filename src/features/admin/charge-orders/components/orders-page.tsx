import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function OrdersPage() {
  return <AdminPlaceholder page="orders" />;
}
