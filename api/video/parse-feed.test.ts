import { describe, expect, it } from 'vitest';
import { rssFeed, youtubeFeed } from '../../tests/helpers/feed-fixtures.js';
import { FeedParseError, parseFeed } from './parse-feed.js';

const CHANNEL = 'UCabcdefghijklmnopqrstuv';

describe('parseFeed', () => {
  it('reads RSS 2.0 items newest first, with guid, link, enclosure and date', () => {
    const feed = parseFeed(
      rssFeed('Clips & more', [
        { id: 'a', title: 'Older', published: '2026-01-01T00:00:00Z', link: 'https://example.com/a' },
        { id: 'b', title: 'Newer <b>', published: '2026-02-01T00:00:00Z', enclosure: '/media/b.mp4' },
      ]),
      'https://feeds.example/rss.xml',
    );
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Clips & more');
    expect(feed.items).toEqual([
      { guid: 'b', title: 'Newer <b>', link: null, mediaUrl: 'https://feeds.example/media/b.mp4', publishedAt: Date.parse('2026-02-01T00:00:00Z') },
      { guid: 'a', title: 'Older', link: 'https://example.com/a', mediaUrl: null, publishedAt: Date.parse('2026-01-01T00:00:00Z') },
    ]);
  });

  it('reads a YouTube channel feed: the channel id, watch links and yt:video ids', () => {
    const feed = parseFeed(youtubeFeed(CHANNEL, 'My channel', [{ id: 'vid00000001', title: 'First', published: '2026-03-01T10:00:00+00:00' }]), 'https://www.youtube.com/feeds/videos.xml');
    expect(feed).toMatchObject({ format: 'atom', title: 'My channel', youtubeChannelId: CHANNEL });
    expect(feed.items).toEqual([
      { guid: 'yt:video:vid00000001', title: 'First', link: 'https://www.youtube.com/watch?v=vid00000001', mediaUrl: null, publishedAt: Date.parse('2026-03-01T10:00:00Z') },
    ]);
  });

  it('reads Atom enclosure links and RSS 1.0 (RDF) items; drops links that are not http(s)', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">A</title><entry><id>tag:1</id><title>One</title><link href="javascript:alert(1)"/><link rel="enclosure" href="https://cdn.example/1.mp4"/><updated>2026-01-02T00:00:00Z</updated></entry></feed>`;
    expect(parseFeed(atom, 'https://x.example/').items).toEqual([{ guid: 'tag:1', title: 'One', link: null, mediaUrl: 'https://cdn.example/1.mp4', publishedAt: Date.parse('2026-01-02T00:00:00Z') }]);
    const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel><title>R</title></channel><item><title>I</title><link>https://r.example/i</link></item></rdf:RDF>`;
    expect(parseFeed(rdf, 'https://r.example/').items).toEqual([{ guid: 'https://r.example/i', title: 'I', link: 'https://r.example/i', mediaUrl: null, publishedAt: null }]);
  });

  it('refuses HTML, malformed XML and entity declarations', () => {
    expect(() => parseFeed('<html><body>hi</body></html>', 'https://x/')).toThrow(FeedParseError);
    expect(() => parseFeed('<rss><channel><title>x</channel></rss>', 'https://x/')).toThrow(FeedParseError);
    expect(() => parseFeed('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><rss><channel><title>&b;</title></channel></rss>', 'https://x/')).toThrow(FeedParseError);
  });
});
