import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function ConvertToolsPage() {
  return <AdminPlaceholder page="convertTools" />;
}
