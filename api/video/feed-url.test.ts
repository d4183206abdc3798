import { describe, expect, it } from 'vitest';
import { feedTarget } from './feed-url.js';

const ID = 'UCabcdefghijklmnopqrstuv';
const FEED = 'https://www.youtube.com/feeds/videos.xml';

describe('feedTarget', () => {
  it('keeps other feed URLs, without their fragment', () => {
    expect(feedTarget(' https://example.com/feed.xml#top ')).toEqual({ ok: true, url: 'https://example.com/feed.xml', youtube: false });
  });

  it('turns YouTube channel, user and playlist addresses into their feeds without fetching YouTube', () => {
    for (const raw of [`https://www.youtube.com/channel/${ID}`, `https://youtube.com/channel/${ID}/videos`, `https://m.youtube.com/channel/${ID}?view=0`, `${FEED}?channel_id=${ID}`]) {
      expect(feedTarget(raw), raw).toEqual({ ok: true, url: `${FEED}?channel_id=${ID}`, youtube: true });
    }
    expect(feedTarget('https://www.youtube.com/user/someone')).toEqual({ ok: true, url: `${FEED}?user=someone`, youtube: true });
    expect(feedTarget('https://www.youtube.com/playlist?list=PL123')).toEqual({ ok: true, url: `${FEED}?playlist_id=PL123`, youtube: true });
  });

  it('refuses handles (they need YouTube itself) and what is not an http(s) URL', () => {
    expect(feedTarget('https://www.youtube.com/@somebody')).toEqual({ ok: false, reason: 'youtubeHandle' });
    expect(feedTarget('https://www.youtube.com/c/somebody')).toEqual({ ok: false, reason: 'youtubeHandle' });
    expect(feedTarget(`${FEED}?channel_id=bad`)).toEqual({ ok: false, reason: 'invalidUrl' });
    for (const raw of ['ftp://example.com/feed', 'not a url', 'http://user:pw@example.com/feed']) expect(feedTarget(raw), raw).toEqual({ ok: false, reason: 'invalidUrl' });
  });
});
