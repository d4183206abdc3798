import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function PublishProductPage() {
  return <AdminPlaceholder page="publishProduct" />;
}
