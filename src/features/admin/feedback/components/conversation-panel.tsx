import { Badge, Button, makeStyles, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { ArrowLeftRegular, ChatRegular, CheckmarkCircleRegular, ArrowUndoRegular, PersonSupportRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AdminConversation } from '@contracts/admin/feedback';
import { EmptyState } from '../../../../lib/components/empty-state';
import { MEDIA } from '../../../../lib/constants';
import { notify } from '../../../../lib/notify';
import { adminFetcher } from '../../common/admin-api';
import { useAdminCardStyles } from '../../common/admin-page';
import { closeConversation, conversationPath, formatTime, reopenConversation } from '../api';
import { ReplyForm } from './reply-form';
import { StatusBadge } from './status-badge';

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', marginBottom: '4px' },
  subject: { marginRight: 'auto', overflowWrap: 'anywhere' },
  meta: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: '12px', overflowWrap: 'anywhere' },
  messages: { listStyle: 'none', margin: '0 0 16px', padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  message: { padding: '8px 12px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
  reply: { marginLeft: '24px', backgroundColor: tokens.colorBrandBackground2, borderLeft: `3px solid ${tokens.colorBrandStroke1}` },
  who: { display: 'flex', alignItems: 'center', gap: '6px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  content: { margin: '4px 0 0', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginBottom: '16px' },
  note: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: '12px' },
  back: { [MEDIA.fromLg]: { display: 'none' } },
});

interface Props {
  conversationId: string | null;
  /** The list changes too (status, latest activity). */
  onChanged: () => void;
  onBack: () => void;
}

/** One conversation: who wrote, every message oldest first, close or reopen, and the reply box. */
export function ConversationPanel({ conversationId, onChanged, onBack }: Props) {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR<AdminConversation, unknown>(conversationId ? conversationPath(conversationId) : null, adminFetcher);
  const [busy, setBusy] = useState(false);

  const changed = async (next: AdminConversation) => {
    await mutate(next, { revalidate: false });
    onChanged();
  };
  const toggle = async () => {
    if (!data) return;
    setBusy(true);
    try {
      const closing = data.status !== 'closed';
      await changed(await (closing ? closeConversation(data.conversationId) : reopenConversation(data.conversationId)));
      notify('success', t(closing ? 'adminSupport.conversation.closedDone' : 'adminSupport.conversation.reopenedDone'));
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  };

  if (!conversationId) {
    return (
      <div className={card.card}>
        <EmptyState icon={<ChatRegular />} title={t('adminSupport.conversation.choose')} />
      </div>
    );
  }
  return (
    <section className={card.card} aria-labelledby="conversation-subject" data-testid="conversation-panel">
      <Button appearance="subtle" icon={<ArrowLeftRegular />} className={styles.back} onClick={onBack}>
        {t('adminSupport.conversation.back')}
      </Button>
      {isLoading && !data && <Spinner label={t('common.loading')} />}
      {Boolean(error) && !data && (
        <Text role="alert" className={styles.note}>
          {t('adminSupport.conversation.loadError')}
        </Text>
      )}
      {data && (
        <>
          <div className={styles.head}>
            <Text as="h2" id="conversation-subject" size={500} weight="semibold" className={styles.subject}>
              {data.subject}
            </Text>
            <Badge appearance="outline">{t(`adminSupport.categories.${data.category.toLowerCase()}`)}</Badge>
            <StatusBadge status={data.status} />
            {data.user.disabled && (
              <Badge appearance="filled" color="danger">
                {t('adminSupport.conversation.userDisabled')}
              </Badge>
            )}
          </div>
          <Text size={200} className={styles.meta}>
            {t('adminSupport.conversation.from', { userId: data.user.userId, email: data.email })}
          </Text>
          <div className={styles.actions}>
            <Button icon={data.status === 'closed' ? <ArrowUndoRegular /> : <CheckmarkCircleRegular />} disabled={busy} onClick={() => void toggle()}>
              {t(data.status === 'closed' ? 'adminSupport.conversation.reopen' : 'adminSupport.conversation.close')}
            </Button>
          </div>
          <ol className={styles.messages} aria-label={t('adminSupport.conversation.messages')}>
            {data.messages.map((m) => (
              <li key={m.messageId} className={mergeClasses(styles.message, m.type === 'reply' && styles.reply)} data-type={m.type}>
                <span className={styles.who}>
                  {m.type === 'reply' && <PersonSupportRegular aria-hidden />}
                  <span>{m.type === 'reply' ? t('adminSupport.conversation.fromStaff', { name: m.author }) : t('adminSupport.conversation.fromUser', { userId: m.author })}</span>
                  <span> · {formatTime(m.createTime, i18n.language)}</span>
                </span>
                <p className={styles.content}>{m.content}</p>
              </li>
            ))}
          </ol>
          {data.status === 'closed' && (
            <Text size={200} className={styles.note}>
              {t('adminSupport.conversation.closedNote')}
            </Text>
          )}
          <ReplyForm key={data.conversationId} conversationId={data.conversationId} onSent={changed} />
        </>
      )}
    </section>
  );
}
