import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../api/db/index';
import { storeNewItems } from '../../api/jobs/video-feed-poll';
import { insertVideoFeed } from '../../api/repositories/video-feeds.repository';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Issue 13, the subscribe panel: signed-out prompt, the helper notice linking to the config panel,
 * refused feed addresses with their reasons, a followed feed with its new items, and unsubscribing
 * with confirmation. The real server refuses loopback feeds (SSRF guard), so the followed feed is
 * stored the way a poll would store it, through the same repository and job code.
 */
describe('video subscriptions panel', () => {
  let harness: Harness;
  let db: DbHandle;
  let page: Page;
  const user = { userId: uniqueUserId('vsub'), email: 'video.subscribe@example.com', password: 'Start-Passw0rd' };
  const PANEL = '/products/videoTools/panels/subscribe';

  beforeAll(async () => {
    harness = await startHarness();
    db = openDb({ sqlitePath: join(harness.dataDir, 'app.db') });
  });
  afterAll(async () => {
    await db?.close();
    await harness?.close();
  });

  it('asks a signed-out visitor to sign in', async () => {
    ({ page } = await harness.open(PANEL));
    await page.getByRole('heading', { name: 'Sign in to subscribe' }).waitFor();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).resolves.toBe(`/login?redirect=${encodeURIComponent(PANEL)}`);
  });

  it('explains the helper, and refuses private addresses and YouTube handles with their reasons', async () => {
    await registerThroughUi(page, user);
    await page.goto(PANEL);
    await page.getByRole('heading', { name: 'Subscriptions', level: 1 }).waitFor();
    // No helper is paired with this fresh browser profile: the panel says so and links to its settings.
    await page.getByText(/local helper is (not running|running but not paired)/).waitFor();
    await expect(page.getByRole('link', { name: 'Open helper settings' }).getAttribute('href')).resolves.toBe('/products/videoTools/configure/config');
    await page.getByText('No subscriptions yet.', { exact: false }).waitFor();

    const input = page.getByRole('textbox', { name: 'Feed or channel address' });
    await input.fill('http://127.0.0.1:9/feed.xml');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByText('This address is not allowed: it points to a private, local or reserved network.').waitFor();
    await input.fill('https://www.youtube.com/@someone');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByText(/YouTube @handle and \/c\/ addresses cannot be followed directly/).waitFor();
  });

  it('lists a followed feed with its new items, and unsubscribes after confirmation', async () => {
    const owner = (await db.db.selectFrom('users').select('id').where('user_id_lower', '=', user.userId.toLowerCase()).executeTakeFirstOrThrow()).id;
    const feedId = randomUUID();
    const now = Date.now();
    await insertVideoFeed(db.db, { id: feedId, user_id: owner, url: 'https://feeds.example.com/clips.xml', kind: 'rss', title: 'Clips weekly', created_at: now, last_polled_at: now, next_poll_at: now + 30 * 60_000, last_error: null, error_count: 0 });
    await storeNewItems(
      db.db,
      { id: feedId, user_id: owner },
      [
        { guid: 'c2', title: 'Second clip', link: 'https://feeds.example.com/2', mediaUrl: 'https://cdn.example.com/2.mp4', publishedAt: now - 60_000 },
        { guid: 'c1', title: 'First clip', link: 'https://feeds.example.com/1', mediaUrl: null, publishedAt: now - 120_000 },
      ],
      now,
      20,
    );
    await page.reload();
    const card = page.getByRole('listitem', { name: 'Clips weekly' });
    await card.waitFor();
    await card.getByText('2 new · 0 downloaded · 0 failed').waitFor();
    // Without a paired helper nothing can be downloaded yet.
    await expect(card.getByRole('button', { name: 'Download new (2)' }).isDisabled()).resolves.toBe(true);
    const items = page.getByRole('list', { name: 'Items' });
    await items.getByText('Second clip').waitFor();
    await items.getByText('First clip').waitFor();
    await expect(items.getByRole('link', { name: "Open the item's page (new tab)" }).first().getAttribute('href')).resolves.toMatch(/^https:\/\/feeds\.example\.com\//);

    await card.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Unsubscribe from “Clips weekly”?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await dialog.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await page.getByText('No subscriptions yet.', { exact: false }).waitFor();
    const left = await db.db.selectFrom('video_feed_items').select('id').where('feed_id', '=', feedId).execute();
    expect(left).toEqual([]);
  });
});
