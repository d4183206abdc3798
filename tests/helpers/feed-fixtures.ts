/** Feed documents for the subscription tests, built by code. */

export interface FixtureItem {
  id: string;
  title: string;
  /** ISO time. */
  published: string;
  link?: string;
  enclosure?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function rssFeed(title: string, items: readonly FixtureItem[]): string {
  const body = items
    .map(
      (i) => `<item><title>${esc(i.title)}</title><guid isPermaLink="false">${esc(i.id)}</guid>${i.link ? `<link>${esc(i.link)}</link>` : ''}<pubDate>${new Date(i.published).toUTCString()}</pubDate>${
        i.enclosure ? `<enclosure url="${esc(i.enclosure)}" length="1000" type="video/mp4"/>` : ''
      }</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${esc(title)}</title><link>https://example.com/</link><description>test</description>\n${body}\n</channel></rss>`;
}

/** A YouTube channel feed as youtube.com/feeds/videos.xml serves it (namespaces, yt:videoId, media:group). */
export function youtubeFeed(channelId: string, title: string, videos: readonly { id: string; title: string; published: string }[]): string {
  const entries = videos
    .map(
      (v) => `<entry><id>yt:video:${v.id}</id><yt:videoId>${v.id}</yt:videoId><yt:channelId>${channelId}</yt:channelId><title>${esc(v.title)}</title>
<link rel="alternate" href="https://www.youtube.com/watch?v=${v.id}"/><author><name>${esc(title)}</name></author><published>${v.published}</published><updated>${v.published}</updated>
<media:group><media:title>${esc(v.title)}</media:title><media:content url="https://www.youtube.com/v/${v.id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/><media:thumbnail url="https://i1.ytimg.com/vi/${v.id}/hqdefault.jpg" width="480" height="360"/></media:group></entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
<link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${channelId}"/><id>yt:channel:${channelId}</id><yt:channelId>${channelId}</yt:channelId><title>${esc(title)}</title>
<link rel="alternate" href="https://www.youtube.com/channel/${channelId}"/><published>2020-01-01T00:00:00+00:00</published>
${entries}
</feed>`;
}
