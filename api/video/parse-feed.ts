import { XMLParser } from 'fast-xml-parser';

/** One entry of a feed, as stored (lengths are cut to the columns). */
export interface ParsedItem {
  guid: string;
  title: string;
  /** The entry's page, http(s) only. */
  link: string | null;
  /** A direct media file (RSS enclosure, Atom enclosure link, media:content), http(s) only. */
  mediaUrl: string | null;
  publishedAt: number | null;
}

export interface ParsedFeed {
  format: 'rss' | 'atom';
  title: string;
  /** YouTube's `yt:channelId` when the feed is a channel's. */
  youtubeChannelId: string | null;
  /** Newest first (by published time; undated ones keep their order at the end). */
  items: ParsedItem[];
}

/** The document is not RSS 2.0, RSS 1.0 (RDF) or Atom, or is malformed. */
export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: false,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link' || name === 'media:content' || name === 'enclosure',
});

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** The text of an element that may carry attributes (`{'#text': …}`) or be a plain value. */
function text(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (isNode(v)) return text(v['#text']);
  if (Array.isArray(v)) return text(v[0]);
  return '';
}

function attr(v: unknown, name: string): string {
  return isNode(v) ? text(v[`@_${name}`]) : '';
}

/** Only http(s) URLs reach the page and the helper; anything else (javascript:, file:) is dropped. */
function webUrl(raw: string, base?: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.length <= 2048 ? url.href : null;
  } catch {
    return null;
  }
}

function date(raw: string): number | null {
  if (!raw) return null;
  const t = Date.parse(raw);
  return Number.isFinite(t) ? t : null;
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

function mediaContent(entry: Node): string {
  const group = isNode(entry['media:group']) ? entry['media:group'] : entry;
  for (const m of asArray(group['media:content'])) {
    const url = attr(m, 'url');
    if (url) return url;
  }
  return '';
}

function rssItem(item: Node, base: string): ParsedItem | null {
  const link = webUrl(text(item.link), base);
  const enclosure = asArray(item.enclosure).find((e) => attr(e, 'url'));
  const mediaUrl = webUrl(enclosure ? attr(enclosure, 'url') : mediaContent(item), base);
  const publishedAt = date(text(item.pubDate) || text(item['dc:date']));
  const title = text(item.title) || link || mediaUrl || '';
  const guid = text(item.guid) || link || mediaUrl || (title && publishedAt !== null ? `${title}@${publishedAt}` : '');
  if (!guid) return null;
  return { guid: cut(guid, 500), title: cut(title || guid, 300), link, mediaUrl, publishedAt };
}

function atomItem(entry: Node, base: string): ParsedItem | null {
  const links = asArray(entry.link).filter(isNode);
  const rel = (l: Node) => attr(l, 'rel') || 'alternate';
  const page = links.find((l) => rel(l) === 'alternate');
  const enclosure = links.find((l) => rel(l) === 'enclosure');
  const link = webUrl(page ? attr(page, 'href') : '', base);
  const mediaUrl = webUrl(enclosure ? attr(enclosure, 'href') : '', base);
  const videoId = text(entry['yt:videoId']);
  const publishedAt = date(text(entry.published) || text(entry.updated));
  const title = text(entry.title) || link || '';
  const guid = text(entry.id) || (videoId ? `yt:video:${videoId}` : '') || link || mediaUrl || '';
  if (!guid) return null;
  return { guid: cut(guid, 500), title: cut(title || guid, 300), link, mediaUrl, publishedAt };
}

function newestFirst(items: ParsedItem[]): ParsedItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (b.item.publishedAt ?? -Infinity) - (a.item.publishedAt ?? -Infinity) || a.i - b.i)
    .map((x) => x.item);
}

/**
 * Reads RSS 2.0, RSS 1.0 (RDF) and Atom, YouTube channel feeds included (`yt:videoId`,
 * `media:group`). `baseUrl` resolves relative links. Throws FeedParseError for anything else.
 */
export function parseFeed(xml: string, baseUrl: string): ParsedFeed {
  // Entity declarations are how "billion laughs" documents blow up a parser; real feeds never need them.
  if (/<!ENTITY/i.test(xml)) throw new FeedParseError('entity declarations are not accepted');
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch (err) {
    throw new FeedParseError(err instanceof Error ? err.message : 'malformed XML');
  }
  if (!isNode(doc)) throw new FeedParseError('empty document');
  const rss = isNode(doc.rss) ? doc.rss : isNode(doc['rdf:RDF']) ? doc['rdf:RDF'] : null;
  if (rss) {
    const channel = isNode(rss.channel) ? rss.channel : null;
    if (!channel) throw new FeedParseError('RSS without a channel');
    // RSS 1.0 puts its items next to the channel, RSS 2.0 inside it.
    const rawItems = [...asArray(channel.item), ...asArray(rss.item)].filter(isNode);
    const items = rawItems.map((i) => rssItem(i, baseUrl)).filter((i): i is ParsedItem => i !== null);
    return { format: 'rss', title: cut(text(channel.title), 300), youtubeChannelId: null, items: newestFirst(items) };
  }
  if (isNode(doc.feed)) {
    const feed = doc.feed;
    const items = asArray(feed.entry)
      .filter(isNode)
      .map((e) => atomItem(e, baseUrl))
      .filter((i): i is ParsedItem => i !== null);
    const channelId = text(feed['yt:channelId']);
    return { format: 'atom', title: cut(text(feed.title), 300), youtubeChannelId: channelId || null, items: newestFirst(items) };
  }
  throw new FeedParseError('neither RSS nor Atom');
}
