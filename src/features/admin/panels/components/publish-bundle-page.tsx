import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function PublishBundlePage() {
  return <AdminPlaceholder page="publishBundle" />;
}
