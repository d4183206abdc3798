/** What the user pasted, resolved to the URL the server will poll. */
export type FeedTarget =
  | { ok: true; url: string; youtube: boolean }
  /** `youtubeHandle`: a YouTube address whose channel id cannot be known without fetching YouTube's pages. */
  | { ok: false; reason: 'invalidUrl' | 'youtubeHandle' };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_FEED = 'https://www.youtube.com/feeds/videos.xml';
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/**
 * A feed URL as stored (no fragment), with YouTube addresses turned into their feeds without
 * fetching YouTube: `/channel/UC…` → `feeds/videos.xml?channel_id=UC…`, `/user/NAME` →
 * `?user=NAME`, `/playlist?list=…` → `?playlist_id=…`. Handles (`/@name`) and `/c/name` need
 * YouTube's own page to find the id, so they are refused with a hint instead.
 */
export function feedTarget(raw: string): FeedTarget {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'invalidUrl' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return { ok: false, reason: 'invalidUrl' };
  url.hash = '';
  if (!YOUTUBE_HOSTS.has(url.hostname.toLowerCase())) return { ok: true, url: url.href, youtube: false };

  const [first, second] = url.pathname.split('/').filter(Boolean);
  const feed = (param: string, value: string) => ({ ok: true as const, url: `${YOUTUBE_FEED}?${param}=${encodeURIComponent(value)}`, youtube: true });
  if (first === 'feeds') {
    const channel = url.searchParams.get('channel_id');
    if (channel && CHANNEL_ID.test(channel)) return feed('channel_id', channel);
    const user = url.searchParams.get('user');
    if (user) return feed('user', user);
    const list = url.searchParams.get('playlist_id');
    if (list) return feed('playlist_id', list);
    return { ok: false, reason: 'invalidUrl' };
  }
  if (first === 'channel' && second && CHANNEL_ID.test(second)) return feed('channel_id', second);
  if (first === 'user' && second) return feed('user', second);
  if (first === 'playlist' && url.searchParams.get('list')) return feed('playlist_id', url.searchParams.get('list') ?? '');
  return { ok: false, reason: 'youtubeHandle' };
}
