import { Button, Field, makeStyles, Textarea } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REPLY_MAX, adminReplyRequestSchema, type AdminConversation } from '@contracts/admin/feedback';
import { fieldMessage, serverFieldErrors, validate, type FieldErrors } from '../../../../lib/forms';
import { notify } from '../../../../lib/notify';
import { sendReply } from '../api';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '8px' },
  bar: { display: 'flex', justifyContent: 'flex-end' },
});

/** The reply box: not empty, at most 2000 characters (checked here with the API's own schema, and by the API). */
export function ReplyForm({ conversationId, onSent }: { conversationId: string; onSent: (next: AdminConversation) => Promise<void> }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(adminReplyRequestSchema, { content });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      await onSent(await sendReply(conversationId, checked.data.content));
      setContent('');
      notify('success', t('adminSupport.conversation.sent'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('adminSupport.conversation.reply')}>
      <Field
        label={t('adminSupport.conversation.reply')}
        validationMessage={fieldMessage(t, errors.content)}
        hint={`${t('adminSupport.conversation.replyHint')} ${t('adminSupport.conversation.counter', { count: content.length, max: ADMIN_REPLY_MAX })}`}
      >
        <Textarea value={content} rows={4} resize="vertical" onChange={(_e, d) => setContent(d.value)} data-testid="admin-reply" />
      </Field>
      <div className={styles.bar}>
        <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={busy}>
          {t('adminSupport.conversation.send')}
        </Button>
      </div>
    </form>
  );
}
