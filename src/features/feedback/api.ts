import type { Conversation, FeedbackCategory, FeedbackRequest } from '@contracts/feedback';
import { apiGet, apiPost } from '../../lib/api-client';
import { FEEDBACK_LIST_PATH } from '../../lib/feedback-form';

export const CATEGORY_PATH = '/contactus/category';

/** The categories the server offers (spec §7); the form falls back to the contract's list if this fails. */
export const fetchCategories = (path: string) => apiGet<FeedbackCategory[]>(path, { quiet: true });

/**
 * Sends feedback. The form shows every failure itself (field errors, the failure message), and a
 * 40202 takes the visitor to log in and back to the open form, so the client adds no toast or redirect.
 */
export const sendFeedback = (body: FeedbackRequest) =>
  apiPost<Conversation>(FEEDBACK_LIST_PATH, body, { quiet: true, exempt: true });
