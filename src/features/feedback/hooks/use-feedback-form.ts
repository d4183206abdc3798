import { useState, type FormEvent } from 'react';
import { ErrorCode } from '@contracts/error-codes';
import { feedbackFormSchema, type Conversation, type FeedbackForm } from '@contracts/feedback';
import type { UserInfo } from '@contracts/user';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { serverFieldErrors, validate, type FieldErrors } from '../../../lib/forms';
import { sendFeedback } from '../api';

export type FeedbackValues = Omit<FeedbackForm, 'category'> & { category: string };

export interface FeedbackFormCallbacks {
  /** The feedback was stored: the conversation it opened. */
  onSent: (conversation: Conversation) => void;
  /** The session was gone (40202): the visitor must log in, then come back to the form. */
  onSignedOut: () => void;
}

/**
 * The feedback form's state: values (e-mail prefilled from the account), checks with the shared
 * schema, then the send. A refused send keeps the form as typed and says why (`failure`); the
 * server's per-field answers land on their fields.
 */
export function useFeedbackForm(user: UserInfo, { onSent, onSignedOut }: FeedbackFormCallbacks) {
  const [values, setValues] = useState<FeedbackValues>({ subject: '', content: '', category: '', email: user.email });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof FeedbackValues, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const checked = validate(feedbackFormSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      onSent(await sendFeedback({ ...checked.data, userId: user.userId }));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (isApiError(error, ErrorCode.NOT_LOGGED_IN)) onSignedOut();
      else setFailure(isApiError(error) ? errorMessage(error) : '');
    } finally {
      setBusy(false);
    }
  };

  return { values, set, errors, failure, busy, submit };
}
