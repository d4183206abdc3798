import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function DashboardPage() {
  return <AdminPlaceholder page="dashboard" />;
}
