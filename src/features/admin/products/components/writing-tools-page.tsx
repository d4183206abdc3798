import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function WritingToolsPage() {
  return <AdminPlaceholder page="writingTools" />;
}
