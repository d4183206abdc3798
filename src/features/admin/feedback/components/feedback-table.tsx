import { Badge, Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import type { AdminConversationSummary } from '@contracts/admin/feedback';
import { formatTime } from '../api';
import { StatusBadge } from './status-badge';

const useStyles = makeStyles({
  subject: { justifyContent: 'flex-start', textAlign: 'start', padding: 0, minWidth: 0, height: 'auto', fontWeight: tokens.fontWeightSemibold },
  excerpt: { display: 'block', color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '320px' },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  nowrap: { whiteSpace: 'nowrap' },
});

interface Props {
  list: AdminConversationSummary[];
  selected: string | null;
  onSelect: (conversationId: string) => void;
}

/** The conversations of one page: subject (opens it), writer, category, status, messages, latest activity. */
export function FeedbackTable({ list, selected, onSelect }: Props) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  return (
    <Table aria-label={t('adminSupport.feedback.list')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('adminSupport.feedback.columns.subject')}</TableHeaderCell>
          <TableHeaderCell>{t('adminSupport.feedback.columns.user')}</TableHeaderCell>
          <TableHeaderCell>{t('adminSupport.feedback.columns.category')}</TableHeaderCell>
          <TableHeaderCell>{t('adminSupport.feedback.columns.status')}</TableHeaderCell>
          <TableHeaderCell>{t('adminSupport.feedback.columns.messages')}</TableHeaderCell>
          <TableHeaderCell>{t('adminSupport.feedback.columns.updated')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.map((c) => (
          <TableRow key={c.conversationId} data-conversation-id={c.conversationId} className={c.conversationId === selected ? styles.selected : undefined}>
            <TableCell>
              <Button appearance="transparent" className={styles.subject} aria-pressed={c.conversationId === selected} onClick={() => onSelect(c.conversationId)}>
                {c.subject}
              </Button>
              {c.lastMessage && (
                <Text size={200} className={styles.excerpt}>
                  {t(c.lastMessage.type === 'reply' ? 'adminSupport.feedback.lastFromStaff' : 'adminSupport.feedback.lastFromUser', { text: c.lastMessage.excerpt })}
                </Text>
              )}
            </TableCell>
            <TableCell>{c.userId}</TableCell>
            <TableCell>
              <Badge appearance="outline">{t(`adminSupport.categories.${c.category.toLowerCase()}`)}</Badge>
            </TableCell>
            <TableCell>
              <StatusBadge status={c.status} />
            </TableCell>
            <TableCell>{c.messageCount}</TableCell>
            <TableCell className={styles.nowrap}>{formatTime(c.updateTime, i18n.language)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
