import type { FeedbackUnread } from '@contracts/feedback';
import useSWR, { mutate } from 'swr';
import { apiGet, apiPost } from '../../lib/api-client';
import { isProtectedPath } from '../../lib/protected-paths';

/** GET /contactus/feedback/unread: conversations with a staff reply the user has not seen. */
export const UNREAD_PATH = '/contactus/feedback/unread';

/** Per account, so another account signing in on this browser never sees the last one's count. */
type UnreadKey = readonly [typeof UNREAD_PATH, string];

/**
 * Asked only while someone is signed in (the header's avatar exists only then). A signed-out
 * answer clears the session; on a page that needs a login it also goes to the login page, as
 * every call there does.
 */
const fetchUnread = ([path]: UnreadKey) => apiGet<FeedbackUnread>(path, { quiet: true, exempt: !isProtectedPath(window.location.pathname) });

/**
 * The unread count for the signed-in user `userId` (0 while loading or after a failure). Fetched
 * once per page load and again when the tab regains focus (at most every 5 s), never polled.
 */
export function useFeedbackUnread(userId: string): number {
  const { data } = useSWR<FeedbackUnread, unknown, UnreadKey>([UNREAD_PATH, userId], fetchUnread, {
    dedupingInterval: 2000,
    focusThrottleInterval: 5000,
    shouldRetryOnError: false,
  });
  return data?.count ?? 0;
}

/**
 * The feedback history has shown these conversations: their replies are seen. The badge takes the
 * count the server answers at once.
 */
export async function markFeedbackSeen(userId: string, conversationIds: string[]): Promise<void> {
  if (conversationIds.length === 0) return;
  const answer = await apiPost<FeedbackUnread>('/contactus/feedback/seen', { conversationIds }, { quiet: true });
  await mutate<FeedbackUnread>([UNREAD_PATH, userId], answer, { revalidate: false });
}
