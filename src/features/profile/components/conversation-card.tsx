import { Badge, Button, makeStyles, mergeClasses, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArrowReplyRegular, PersonSupportRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../api';
import { formatDate } from '../format';
import { FollowUpForm } from './follow-up-form';

const useStyles = makeStyles({
  card: { padding: '14px 16px', borderRadius: tokens.borderRadiusLarge, border: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '8px', marginBottom: '8px' },
  subject: { marginRight: 'auto', overflowWrap: 'anywhere' },
  messages: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  message: { padding: '8px 12px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
  reply: { marginLeft: '24px', backgroundColor: tokens.colorBrandBackground2, borderLeft: `3px solid ${tokens.colorBrandStroke1}` },
  who: { display: 'flex', alignItems: 'center', gap: '6px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  replyWho: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  content: { margin: '4px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  more: { marginTop: '10px' },
  closed: { display: 'block', marginTop: '10px', color: tokens.colorNeutralForeground3 },
});

/** One conversation: subject, category and status, the messages (staff replies set apart), and a follow-up. */
export function ConversationCard({ conversation }: { conversation: Conversation }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [writing, setWriting] = useState(false);
  // Focus goes back to "Add a message" when the follow-up form closes, not to the page behind the modal.
  const replyButton = useRef<HTMLButtonElement>(null);
  const wasWriting = useRef(false);
  useEffect(() => {
    if (wasWriting.current && !writing) replyButton.current?.focus();
    wasWriting.current = writing;
  }, [writing]);
  const c = conversation;
  return (
    <li className={styles.card} data-conversation-id={c.conversationId}>
      <div className={styles.head}>
        <Text as="h4" weight="semibold" className={styles.subject}>
          {c.subject}
        </Text>
        <Badge appearance="outline">{t(`feedback.categories.${c.category.toLowerCase()}`, { defaultValue: c.category })}</Badge>
        {c.unread && (
          <Badge appearance="filled" color="danger" data-testid="new-reply">
            {t('profile.feedback.newReply')}
          </Badge>
        )}
        <Badge appearance="tint" color={c.status === 'replied' ? 'success' : c.status === 'closed' ? 'subtle' : 'informative'}>
          {t(`profile.feedback.statuses.${c.status}`)}
        </Badge>
      </div>
      <ol className={styles.messages}>
        {c.messages.map((m) => (
          <li key={m.messageId} className={mergeClasses(styles.message, m.type === 'reply' && styles.reply)} data-type={m.type}>
            <span className={mergeClasses(styles.who, m.type === 'reply' && styles.replyWho)}>
              {m.type === 'reply' && <PersonSupportRegular aria-hidden />}
              <span>{m.type === 'reply' ? t('profile.feedback.fromSupport', { name: m.author }) : t('profile.feedback.fromYou')}</span>
              <span> · {formatDate(m.createTime, i18n.language)}</span>
            </span>
            <p className={styles.content}>{m.content}</p>
          </li>
        ))}
      </ol>
      {c.status === 'closed' && !writing && (
        <Text size={200} className={styles.closed}>
          {t('profile.feedback.closedHint')}
        </Text>
      )}
      {writing ? (
        <FollowUpForm conversationId={c.conversationId} onDone={() => setWriting(false)} />
      ) : (
        <Button ref={replyButton} className={styles.more} size="small" icon={<ArrowReplyRegular />} onClick={() => setWriting(true)}>
          {t('profile.feedback.followUp')}
        </Button>
      )}
    </li>
  );
}
