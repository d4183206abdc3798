import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../lib/components/count-badge';
import { useFeedbackUnread } from '../feedback-unread';

const useStyles = makeStyles({
  corner: { position: 'absolute', top: '-4px', right: '-6px', pointerEvents: 'none' },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
});

interface Props {
  userId: string;
  /** Sits on the corner of the avatar (else inline, after a menu entry's text). */
  corner?: boolean;
  /** The id the owning button's aria-describedby points at: the count in words for screen readers. */
  describedId?: string;
}

/**
 * How many feedback conversations have a staff reply the user has not seen: a red counter, and
 * the same in words for screen readers. Nothing while there is none. Its own chunk: it brings
 * the API client and SWR, which a signed-out first paint never needs.
 */
export function FeedbackUnreadBadge({ userId, corner = false, describedId }: Props) {
  const styles = useStyles();
  const { t } = useTranslation();
  const count = useFeedbackUnread(userId);
  if (count === 0) return null;
  return (
    <>
      <CountBadge count={count} className={mergeClasses(corner && styles.corner)} />
      <span id={describedId} className={styles.hidden} data-testid="feedback-unread">
        {t('profile.feedback.unreadMenu', { count })}
      </span>
    </>
  );
}

export default FeedbackUnreadBadge;
