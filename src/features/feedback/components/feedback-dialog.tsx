import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { mutate } from 'swr';
import { FEEDBACK_CATEGORIES, FEEDBACK_CONTENT_MAX, FEEDBACK_SUBJECT_MAX, type Conversation } from '@contracts/feedback';
import type { UserInfo } from '@contracts/user';
import { FEEDBACK_LIST_PATH, withConversation } from '../../../lib/feedback-form';
import { fieldMessage } from '../../../lib/forms';
import { useAutoRows } from '../../../lib/hooks/use-auto-rows';
import { notify } from '../../../lib/notify';
import { CATEGORY_PATH, fetchCategories } from '../api';
import { useFeedbackForm } from '../hooks/use-feedback-form';

const useStyles = makeStyles({
  surface: { width: 'min(520px, calc(100vw - 24px))' },
  form: { display: 'flex', flexDirection: 'column', gap: '14px' },
  intro: { color: tokens.colorNeutralForeground3 },
});

/** Spec §5: the content box shows 3 rows and grows to 6. */
const MIN_ROWS = 3;
const MAX_ROWS = 6;

interface FormProps {
  user: UserInfo;
  onClose: () => void;
  /** The session ended meanwhile: log in, then come back to the form. */
  onSignedOut: () => void;
}

/** The form itself: mounted with each opening of the dialog, so it starts empty every time. */
function FeedbackFormBody({ user, onClose, onSignedOut }: FormProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { data: served } = useSWR(CATEGORY_PATH, fetchCategories, { revalidateOnFocus: false });
  // The server validates against the same list, so a failed fetch need not block the form.
  const categories = served ?? FEEDBACK_CATEGORIES;
  const form = useFeedbackForm(user, {
    onSent: (conversation) => {
      notify('success', t('feedback.sent'));
      void mutate<Conversation[] | undefined>(FEEDBACK_LIST_PATH, (list) => withConversation(list, conversation), { revalidate: false });
      onClose();
    },
    onSignedOut,
  });
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const rows = useAutoRows(contentRef, form.values.content, MIN_ROWS, MAX_ROWS);
  const count = form.values.content.length;

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <DialogBody>
        <DialogTitle>{t('feedback.title')}</DialogTitle>
        <DialogContent className={styles.form}>
          <Text id="feedback-intro" className={styles.intro}>
            {t('feedback.intro')}
          </Text>
          {form.failure !== null && (
            <MessageBar intent="error" role="alert" data-testid="feedback-failure">
              <MessageBarBody>
                <MessageBarTitle>{t('feedback.failed')}</MessageBarTitle>
                {form.failure}
              </MessageBarBody>
            </MessageBar>
          )}
          <Field label={t('feedback.fields.subject')} required validationMessage={fieldMessage(t, form.errors.subject)}>
            <Input
              name="subject"
              value={form.values.subject}
              maxLength={FEEDBACK_SUBJECT_MAX}
              placeholder={t('feedback.placeholders.subject')}
              onChange={(_e, d) => form.set('subject', d.value)}
            />
          </Field>
          <Field
            label={t('feedback.fields.content')}
            required
            validationMessage={fieldMessage(t, form.errors.content)}
            hint={t('feedback.counter', { count, max: FEEDBACK_CONTENT_MAX })}
          >
            <Textarea
              ref={contentRef}
              name="content"
              rows={rows}
              resize="none"
              value={form.values.content}
              maxLength={FEEDBACK_CONTENT_MAX}
              placeholder={t('feedback.placeholders.content')}
              onChange={(_e, d) => form.set('content', d.value)}
              data-testid="feedback-content"
            />
          </Field>
          <Field label={t('feedback.fields.category')} required validationMessage={fieldMessage(t, form.errors.category)}>
            <Select name="category" value={form.values.category} onChange={(_e, d) => form.set('category', d.value)}>
              <option value="" disabled>
                {t('feedback.placeholders.category')}
              </option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {t(`feedback.categories.${c.toLowerCase()}`, { defaultValue: c })}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('feedback.fields.email')} required validationMessage={fieldMessage(t, form.errors.email)}>
            <Input name="email" type="email" autoComplete="email" value={form.values.email} onChange={(_e, d) => form.set('email', d.value)} />
          </Field>
        </DialogContent>
        <DialogActions>
          <Button type="button" appearance="secondary" disabled={form.busy} onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" appearance="primary" disabledFocusable={form.busy} icon={form.busy ? <Spinner size="tiny" /> : undefined}>
            {t('feedback.submit')}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  );
}

/**
 * The feedback form in a modal: subject, content (100 characters, counted), category, e-mail.
 * Stays mounted once shown and opens and closes through `open`, so Fluent's dialog releases the
 * page (focus trap, hidden siblings) the way it should.
 */
export function FeedbackDialog({ open, user, onClose, onSignedOut }: FormProps & { open: boolean }) {
  const styles = useStyles();
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-describedby="feedback-intro">
        <FeedbackFormBody user={user} onClose={onClose} onSignedOut={onSignedOut} />
      </DialogSurface>
    </Dialog>
  );
}
