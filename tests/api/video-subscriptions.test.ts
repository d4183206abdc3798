import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import type { DownloadStartResult, DownloadStatus, FeedAddResult, FeedItem, VideoUserConfig } from '@contracts/video-subscriptions.js';
import type { Resolver } from '../../api/ai/fetch/guarded-lookup.js';
import { userClient } from '../helpers/admin-clients.js';
import { rssFeed, youtubeFeed, type FixtureItem } from '../helpers/feed-fixtures.js';
import { PageServer } from '../helpers/page-server.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';

/** The test DNS answer: the feed server listens on 127.0.0.3, the one address the app's test-only allow list admits. */
const DNS: Record<string, string> = { 'feeds.test': '127.0.0.3', 'evil.test': '127.0.0.1', 'intranet.test': '10.0.0.5' };
const resolve: Resolver = async (host) => {
  const address = DNS[host];
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
const MINUTE = 60_000;
const CHANNEL = 'UCabcdefghijklmnopqrstuv';

describe.each(testDialects())('video subscriptions on %s', (dialect) => {
  let t: TestApp;
  let port = 0;
  /** What /news.xml serves; tests add items to it. */
  const news: FixtureItem[] = [
    { id: 'n1', title: 'First clip', published: '2026-01-01T00:00:00Z', link: 'https://example.com/1', enclosure: 'https://cdn.example.com/1.mp4' },
    { id: 'n2', title: 'Second: a/b?', published: '2026-01-02T00:00:00Z', link: 'https://example.com/2' },
  ];
  let flakyUp = true;
  const feeds = new PageServer(
    {
      '/news.xml': (_req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rssFeed('News', news)),
      '/channel.xml': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end(youtubeFeed(CHANNEL, 'Channel', [{ id: 'vid00000001', title: 'Video one', published: '2026-02-01T00:00:00+00:00' }])),
      '/flaky.xml': (_req, res) => (flakyUp ? res.writeHead(200, { 'content-type': 'application/xml' }).end(rssFeed('Flaky', [news[0]!])) : res.writeHead(503).end()),
      '/page.html': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>not a feed</body></html>'),
      '/broken.xml': (_req, res) => res.writeHead(200, { 'content-type': 'application/xml' }).end('<rss><channel><title>broken</channel>'),
      '/gone.xml': (_req, res) => res.writeHead(500).end(),
      '/to-loopback': (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/news.xml` }).end(),
    },
    '127.0.0.3',
  );
  const url = (path: string, host = 'feeds.test') => `http://${host}:${port}${path}`;

  beforeAll(async () => {
    port = await feeds.start();
    t = await createTestApp(dialect, {}, null, undefined, { pageFetch: { resolve, unsafeAllowAddresses: ['127.0.0.3'] } });
  });
  afterAll(async () => {
    await t.close();
    await feeds.stop();
  });

  const add = (c: Awaited<ReturnType<typeof userClient>>['c'], feedUrl: string) => c.post<FeedAddResult & { reason?: string; reasonKey?: string; url?: string }>('/api/v1/video/url/add', { url: feedUrl });
  /** A scheduled run at a time when every feed added so far is due. */
  let clock = Date.now();
  const pollLater = () => {
    clock += 31 * MINUTE;
    return t.services.videoSubscriptions.pollDue(clock);
  };

  it('asks signed-out callers to log in on every route', async () => {
    const anon = t.client();
    expect((await anon.post('/api/v1/video/url/add', { url: url('/news.xml') })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await anon.post('/api/v1/video/url/cancel', { feedId: 'x' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await anon.get('/api/v1/video/usr/config')).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await anon.post('/api/v1/video/local/dir', { basePath: '/tmp' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await anon.get('/api/v1/video/download/status')).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await anon.post('/api/v1/video/download/start', {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await anon.post('/api/v1/video/download/update', { itemId: 'x', state: 'done' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(feeds.hits).toEqual([]);
  });

  it('adds a feed, finds its items once, and finds one new item after the feed grows', async () => {
    const { c } = await userClient(t, 'vs');
    const added = await add(c, url('/news.xml'));
    expect(added.code).toBe(200);
    expect(added.data.created).toBe(true);
    expect(added.data.feed).toMatchObject({ url: url('/news.xml'), kind: 'rss', title: 'News', lastError: null, errorCount: 0, counts: { new: 2, queued: 0, downloading: 0, done: 0, failed: 0 } });
    // The same feed again is the same subscription, not a second one.
    const again = await add(c, url('/news.xml'));
    expect(again.data).toMatchObject({ created: false, feed: { feedId: added.data.feed.feedId } });

    expect(await pollLater()).toMatchObject({ newItems: 0, failed: 0 });
    expect(await pollLater()).toMatchObject({ newItems: 0, failed: 0 });
    news.push({ id: 'n3', title: 'Third clip', published: '2026-01-03T00:00:00Z', link: 'https://example.com/3' });
    expect((await pollLater()).newItems).toBe(1);
    expect((await pollLater()).newItems).toBe(0);

    const status = await c.get<DownloadStatus>('/api/v1/video/download/status');
    expect(status.data.items.map((i) => i.title).sort()).toEqual(['First clip', 'Second: a/b?', 'Third clip']);
    const config = await c.get<VideoUserConfig>('/api/v1/video/usr/config');
    expect(config.data.subscribes).toHaveLength(1);
    expect(config.data.subscribes[0]!.counts.new).toBe(3);
    expect(config.data.pollMinutes).toBe(30);
  });

  it('does not poll a feed before its interval is over', async () => {
    const { c } = await userClient(t, 'vi');
    await add(c, url('/channel.xml'));
    const hits = feeds.hits.length;
    await t.services.videoSubscriptions.pollDue(Date.now() + MINUTE);
    expect(feeds.hits.slice(hits)).toEqual([]);
  });

  it('reads a YouTube channel feed into watch links', async () => {
    const { c } = await userClient(t, 'yt');
    const added = await add(c, url('/channel.xml'));
    expect(added.data.feed).toMatchObject({ title: 'Channel', counts: { new: 1 } });
    const items = (await c.get<DownloadStatus>('/api/v1/video/download/status')).data.items;
    expect(items).toEqual([expect.objectContaining({ title: 'Video one', link: 'https://www.youtube.com/watch?v=vid00000001', downloadUrl: 'https://www.youtube.com/watch?v=vid00000001', state: 'new' })]);
  });

  it('gives bad URLs and unreachable or unparsable feeds their codes', async () => {
    const { c } = await userClient(t, 'vb');
    for (const bad of ['ftp://example.com/feed.xml', 'not a url', 'javascript:alert(1)']) {
      const res = await add(c, bad);
      expect(res.code, bad).toBe(ErrorCode.VALIDATION_FAILED);
      expect(res.data).toEqual({ url: 'validation.urlInvalid' });
    }
    expect((await add(c, 'https://www.youtube.com/@someone')).data).toEqual({ url: 'videoSubscribe.validation.youtubeHandle' });
    const refused: [string, string][] = [
      [url('/news.xml', '127.0.0.1'), 'loopback'],
      [url('/news.xml', 'evil.test'), 'loopback'],
      ['http://10.0.0.1/feed.xml', 'private'],
      [url('/news.xml', 'intranet.test'), 'private'],
      ['http://169.254.169.254/latest/meta-data/', 'metadata'],
      [url('/to-loopback'), 'loopback'],
    ];
    for (const [target, reason] of refused) {
      const res = await add(c, target);
      expect(res.code, target).toBe(ErrorCode.FORBIDDEN);
      expect(res.data, target).toMatchObject({ reason, reasonKey: 'videoSubscribe.feedErrors.refused' });
    }
    expect(await add(c, url('/page.html'))).toMatchObject({ code: ErrorCode.UNSUPPORTED_CONTENT, data: { reason: 'contentType' } });
    expect(await add(c, url('/broken.xml'))).toMatchObject({ code: ErrorCode.UNSUPPORTED_CONTENT, data: { reason: 'notFeed', reasonKey: 'videoSubscribe.feedErrors.notFeed' } });
    expect(await add(c, url('/gone.xml'))).toMatchObject({ code: ErrorCode.PAGE_UNREACHABLE, data: { reason: 'status', status: 500 } });
    expect(await add(c, url('/x.xml', 'nowhere.test'))).toMatchObject({ code: ErrorCode.PAGE_UNREACHABLE, data: { reason: 'network' } });
    // Nothing refused was stored.
    expect((await c.get<VideoUserConfig>('/api/v1/video/usr/config')).data.subscribes).toEqual([]);
  });

  it('refuses the private feed server when the test allow list is not opened', async () => {
    const strict = await createTestApp(dialect, {}, null, undefined, { pageFetch: { resolve } });
    try {
      const { c } = await userClient(strict, 'vp');
      const hits = feeds.hits.length;
      const res = await c.post<{ reason: string }>('/api/v1/video/url/add', { url: url('/news.xml') });
      expect(res.code).toBe(ErrorCode.FORBIDDEN);
      expect(res.data.reason).toBe('loopback');
      expect(feeds.hits.length).toBe(hits);
    } finally {
      await strict.close();
    }
  });

  it('records a failing poll, backs off, and clears the error when the feed is back', async () => {
    const { c } = await userClient(t, 'vf');
    flakyUp = true;
    const { feedId } = (await add(c, url('/flaky.xml'))).data.feed;
    flakyUp = false;
    const run = await pollLater();
    expect(run.failed).toBeGreaterThanOrEqual(1);
    const feedOf = async () => (await c.get<VideoUserConfig>('/api/v1/video/usr/config')).data.subscribes.find((f) => f.feedId === feedId)!;
    const failed = await feedOf();
    expect(failed).toMatchObject({ lastError: 'status', errorCount: 1, lastPolledAt: clock });
    expect(failed.nextPollAt - clock).toBe(2 * 30 * MINUTE);
    flakyUp = true;
    // 31 minutes later it is not due yet (backed off to 60); the run after that polls it.
    await pollLater();
    expect(await feedOf()).toMatchObject({ errorCount: 1 });
    await pollLater();
    expect(await feedOf()).toMatchObject({ lastError: null, errorCount: 0 });
  });

  it('cancels a feed with its items; another user cannot', async () => {
    const { c } = await userClient(t, 'vc');
    const other = await userClient(t, 'vo');
    const { feedId } = (await add(c, url('/news.xml'))).data.feed;
    expect((await other.c.post('/api/v1/video/url/cancel', { feedId })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await c.post('/api/v1/video/url/cancel', { feedId })).code).toBe(200);
    expect((await c.get<VideoUserConfig>('/api/v1/video/usr/config')).data.subscribes).toEqual([]);
    expect((await c.get<DownloadStatus>('/api/v1/video/download/status')).data.items).toEqual([]);
    expect((await c.post('/api/v1/video/url/cancel', { feedId })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('queues new items for the helper and records one download at a time', async () => {
    const { c } = await userClient(t, 'vd');
    const other = await userClient(t, 've');
    expect((await c.post<VideoUserConfig>('/api/v1/video/local/dir', { basePath: '/home/me/Videos' })).data.basePath).toBe('/home/me/Videos');
    const { feedId } = (await add(c, url('/news.xml'))).data.feed;
    const started = await c.post<DownloadStartResult>('/api/v1/video/download/start', { feedId });
    expect(started.code).toBe(200);
    const queue = started.data.items;
    expect(queue.map((i) => i.title)).toEqual(['First clip', 'Second: a/b?', 'Third clip']);
    expect(queue[0]).toMatchObject({ state: 'queued', mediaUrl: 'https://cdn.example.com/1.mp4', downloadUrl: 'https://cdn.example.com/1.mp4', fileName: 'First clip.mp4' });
    expect(queue[1]).toMatchObject({ downloadUrl: 'https://example.com/2', fileName: 'Second a b' });
    // Nothing new is left to start.
    expect((await c.post<DownloadStartResult>('/api/v1/video/download/start', { feedId })).data.items).toEqual([]);

    const [first, second] = queue as [FeedItem, FeedItem];
    const update = (body: object, client = c) => client.post<FeedItem>('/api/v1/video/download/update', body);
    expect((await update({ itemId: first.itemId, state: 'downloading', progress: 0.25 })).data).toMatchObject({ state: 'downloading', progress: 0.25 });
    expect((await c.get<VideoUserConfig>('/api/v1/video/usr/config')).data.download).toMatchObject({ itemId: first.itemId, progress: 0.25 });
    expect((await update({ itemId: first.itemId, state: 'done' }, other.c)).code).toBe(ErrorCode.NOT_FOUND);
    // A second download ends the first (spec §9: serial downloads).
    await update({ itemId: second.itemId, state: 'downloading' });
    const afterSecond = (await c.get<DownloadStatus>('/api/v1/video/download/status')).data;
    expect(afterSecond.items.find((i) => i.itemId === first.itemId)).toMatchObject({ state: 'failed', error: 'cancelled' });
    expect(afterSecond.download?.itemId).toBe(second.itemId);
    expect((await update({ itemId: second.itemId, state: 'done', savedPath: '/home/me/Videos/Second a b.mp4' })).data).toMatchObject({ state: 'done', savedPath: '/home/me/Videos/Second a b.mp4', progress: null });
    expect((await c.get<VideoUserConfig>('/api/v1/video/usr/config')).data.download).toBeNull();
    // A failed item can be started again by id.
    const retry = await c.post<DownloadStartResult>('/api/v1/video/download/start', { itemIds: [first.itemId, second.itemId] });
    expect(retry.data.items.map((i) => i.itemId)).toEqual([first.itemId]);
    const done = await c.get<DownloadStatus>(`/api/v1/video/download/status?feedId=${feedId}&state=done`);
    expect(done.data.items.map((i) => i.itemId)).toEqual([second.itemId]);
    expect((await update({ itemId: first.itemId, state: 'paused' })).code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('publishes the video subscription routes in OpenAPI', async () => {
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const p of ['/video/url/add', '/video/url/cancel', '/video/usr/config', '/video/local/dir', '/video/download/update', '/video/download/status', '/video/download/start']) expect(doc.paths).toHaveProperty(p);
  });
});
