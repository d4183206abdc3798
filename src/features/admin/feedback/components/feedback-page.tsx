import { AdminPlaceholder } from '../../../../lib/components/admin-placeholder';

export function FeedbackPage() {
  return <AdminPlaceholder page="feedback" />;
}
