import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function ChargePage() {
  return <AdminPlaceholder page="charge" />;
}
