import { Button, makeStyles, useRestoreFocusTarget } from '@fluentui/react-components';
import { ChatMultipleRegular, PersonFeedbackRegular } from '@fluentui/react-icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { feedbackFormOpenAtom, FEEDBACK_LIST_PATH } from '../../../lib/feedback-form';
import { userInfoAtom } from '../../../lib/session';
import { quietFetcher, type Conversation } from '../api';
import { markFeedbackSeen } from '../feedback-unread';
import { ConversationCard } from './conversation-card';
import { ListState } from './list-state';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'flex-end', marginBottom: '12px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' },
});

/** Feedback history as conversations with our replies; new feedback opens the same form as the floating button. */
export function FeedbackSection() {
  const styles = useStyles();
  const { t } = useTranslation();
  const openForm = useSetAtom(feedbackFormOpenAtom);
  // The form opens over this modal without a DialogTrigger: focus comes back here (and with it the
  // modal's own focus trap) when the form closes.
  const restoreFocus = useRestoreFocusTarget();
  const { data, error, isLoading, mutate } = useSWR<Conversation[], unknown>(FEEDBACK_LIST_PATH, quietFetcher);
  const userId = useAtomValue(userInfoAtom)?.userId;
  // What is on screen now is seen: the header's badge clears. The cards keep their "New reply"
  // mark while this list stays open (the next fetch of the list no longer has it).
  const unseen = (data ?? []).filter((c) => c.unread).map((c) => c.conversationId).join(',');
  useEffect(() => {
    if (userId && unseen) void markFeedbackSeen(userId, unseen.split(',')).catch(() => undefined);
  }, [userId, unseen]);
  return (
    <div>
      <div className={styles.bar}>
        <Button {...restoreFocus} appearance="primary" icon={<PersonFeedbackRegular />} onClick={() => openForm(true)} data-testid="profile-new-feedback">
          {t('profile.feedback.new')}
        </Button>
      </div>
      <ListState loading={isLoading && !data} error={Boolean(error) && !data} onRetry={() => void mutate()} empty={!data?.length} icon={<ChatMultipleRegular />} textKey="profile.feedback">
        <ul className={styles.list} aria-label={t('profile.sections.feedback')}>
          {(data ?? []).map((c) => (
            <ConversationCard key={c.conversationId} conversation={c} />
          ))}
        </ul>
      </ListState>
    </div>
  );
}
