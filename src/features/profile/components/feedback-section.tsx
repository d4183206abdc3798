import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChatMultipleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { quietFetcher, type Conversation } from '../api';
import { formatDate } from '../format';
import { ListState } from './list-state';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' },
  card: { padding: '14px 16px', borderRadius: tokens.borderRadiusLarge, border: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { display: 'flex', alignItems: 'center', gap: '8px', marginBottom: '8px' },
  message: { margin: '6px 0 0', color: tokens.colorNeutralForeground2 },
  reply: { paddingLeft: '12px', borderLeft: `3px solid ${tokens.colorBrandStroke1}` },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** Feedback history, grouped into conversations with our replies. */
export function FeedbackSection() {
  const styles = useStyles();
  const { i18n } = useTranslation();
  const { data, isLoading } = useSWR<Conversation[]>('/contactus/feedback', quietFetcher);
  return (
    <ListState loading={isLoading} empty={!data?.length} icon={<ChatMultipleRegular />} textKey="profile.feedback">
      <ul className={styles.list}>
        {(data ?? []).map((c) => (
          <li key={c.conversationId} className={styles.card}>
            <div className={styles.head}>
              <Text weight="semibold">{c.subject}</Text>
              <Badge appearance="outline">{c.category}</Badge>
            </div>
            {c.messages.map((m, index) => (
              <p key={index} className={`${styles.message} ${m.type === 'reply' ? styles.reply : ''}`}>
                {m.content} <span className={styles.meta}>· {formatDate(m.createTime, i18n.language)}</span>
              </p>
            ))}
          </li>
        ))}
      </ul>
    </ListState>
  );
}
