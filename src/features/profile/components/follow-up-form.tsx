import { Button, Field, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Textarea } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { FEEDBACK_CONTENT_MAX, feedbackFollowUpSchema } from '@contracts/feedback';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { FEEDBACK_LIST_PATH, withConversation } from '../../../lib/feedback-form';
import { fieldMessage, serverFieldErrors, validate, type FieldErrors } from '../../../lib/forms';
import { useAutoRows } from '../../../lib/hooks/use-auto-rows';
import { notify } from '../../../lib/notify';
import { sendFollowUp, type Conversation } from '../api';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '12px' },
  actions: { display: 'flex', gap: '8px' },
});

interface Props {
  conversationId: string;
  onDone: () => void;
}

/** A further message into one of the user's conversations: content only, 100 characters, counted. */
export function FollowUpForm({ conversationId, onDone }: Props) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const rows = useAutoRows(ref, content, 3, 6);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const checked = validate(feedbackFollowUpSchema, { content });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      const sent = await sendFollowUp(conversationId, checked.data.content);
      await mutate<Conversation[] | undefined>(FEEDBACK_LIST_PATH, (list) => withConversation(list, sent), { revalidate: false });
      notify('success', t('feedback.sent'));
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else setFailure(isApiError(error) ? errorMessage(error) : '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('profile.feedback.followUp')}>
      {failure !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t('feedback.failed')}</MessageBarTitle>
            {failure}
          </MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('profile.feedback.followUp')} validationMessage={fieldMessage(t, errors.content)} hint={t('feedback.counter', { count: content.length, max: FEEDBACK_CONTENT_MAX })}>
        <Textarea ref={ref} rows={rows} resize="none" value={content} maxLength={FEEDBACK_CONTENT_MAX} onChange={(_e, d) => setContent(d.value)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" size="small" icon={busy ? <Spinner size="tiny" /> : <SendRegular />} disabledFocusable={busy}>
          {t('feedback.submit')}
        </Button>
        <Button type="button" size="small" onClick={onDone} disabled={busy}>
          {t('common.actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
