import type { Conversation } from '@contracts/feedback';
import { atom } from 'jotai';

/**
 * True while the feedback form is open. The feedback feature shows the form (src/app's main
 * layout hosts it); other features, such as the profile's feedback history, open it through this.
 */
export const feedbackFormOpenAtom = atom(false);

/** Query parameter `?feedback=open`: the login page's redirect back carries it, and the form reopens. */
export const FEEDBACK_RETURN_PARAM = 'feedback';

/** API path of the signed-in user's conversations: its SWR key, refreshed after every message sent. */
export const FEEDBACK_LIST_PATH = '/contactus/feedback';

/**
 * The cached conversation list with `sent` (the API's answer to a send) in place, latest first.
 * Written straight into the cache: a plain revalidation could be folded into a fetch started
 * before the send and show the list without it.
 */
export function withConversation(list: Conversation[] | undefined, sent: Conversation): Conversation[] | undefined {
  // Nothing cached yet: the history fetches the whole list when it is first shown.
  if (!list) return undefined;
  return [sent, ...list.filter((c) => c.conversationId !== sent.conversationId)];
}
