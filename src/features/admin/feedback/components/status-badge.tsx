import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FeedbackStatus } from '@contracts/feedback';

const COLORS = { open: 'warning', replied: 'success', closed: 'subtle' } as const;

/** Waiting for reply (the user spoke last), replied, or closed. */
export function StatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation();
  return (
    <Badge appearance="tint" color={COLORS[status]} data-status={status}>
      {t(`adminSupport.feedback.statuses.${status}`)}
    </Badge>
  );
}
