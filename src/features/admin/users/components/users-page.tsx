import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function UsersPage() {
  return <AdminPlaceholder page="users" />;
}
