import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  downloadStartResultSchema,
  downloadStartSchema,
  downloadStatusQuerySchema,
  downloadStatusSchema,
  downloadUpdateSchema,
  feedAddResultSchema,
  feedAddSchema,
  feedCancelSchema,
  feedItemSchema,
  localDirSchema,
  videoUserConfigSchema,
} from '@contracts/video-subscriptions.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { VideoSubscriptionService } from '../services/video-subscriptions.service.js';
import { requireUser } from './user.routes.js';

const tags = ['Video subscriptions'];

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/** Spec §7 "Video": the paths are the spec's; the payloads are ours (contracts/video-subscriptions.ts). */
export function registerVideoSubscriptionRoutes(app: Router, subscriptions: VideoSubscriptionService): void {
  // Signed-out callers get 40202 before any body is validated or any feed fetched.
  for (const path of ['/video/url/*', '/video/usr/*', '/video/local/*', '/video/download/*']) app.use(path, signedIn);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/video/url/add',
      tags,
      request: jsonBody(feedAddSchema),
      responses: okResponse(
        feedAddResultSchema,
        'Follows an RSS/Atom feed or a YouTube channel (`/channel/UC…`, `/user/…`, a playlist, or its feeds/videos.xml URL), read once now. 40001 not an http(s) URL, a YouTube @handle, or 50 feeds already; 40301 (data.reason) loopback/private/metadata address; 41301 over 1 MB; 41501 not a feed (data.reason contentType|notFeed); 50202 unreachable (data.reason timeout|status|redirects|network). Adding a followed feed again returns it with created: false',
      ),
    }),
    async (c) => ok(c, await subscriptions.add(requireUser(c).id, c.req.valid('json').url)),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/video/url/cancel', tags, request: jsonBody(feedCancelSchema), responses: okResponse(z.null(), 'Stops following the feed and forgets its items; 40404 not yours') }),
    async (c) => ok(c, await subscriptions.cancel(requireUser(c).id, c.req.valid('json').feedId)),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/video/usr/config', tags, responses: okResponse(videoUserConfigSchema, "The user's video state: base path, feeds (subscribes) with item counts, the running download") }),
    async (c) => ok(c, await subscriptions.config(requireUser(c).id)),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/video/local/dir', tags, request: jsonBody(localDirSchema), responses: okResponse(videoUserConfigSchema, "Stores the helper's download folder (base_path) for the user") }),
    async (c) => ok(c, await subscriptions.setLocalDir(requireUser(c).id, c.req.valid('json').basePath)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/video/download/status',
      tags,
      request: { query: downloadStatusQuerySchema },
      responses: okResponse(downloadStatusSchema, 'Feed items, newest found first (at most 200), optionally of one feed or state, and the running download'),
    }),
    async (c) => ok(c, await subscriptions.status(requireUser(c).id, c.req.valid('query'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/video/download/start',
      tags,
      request: jsonBody(downloadStartSchema),
      responses: okResponse(downloadStartResultSchema, 'Queues the given items (or every new one, of one feed with feedId) for the local helper; returns them oldest first with their download URL and file name'),
    }),
    async (c) => ok(c, await subscriptions.start(requireUser(c).id, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/video/download/update',
      tags,
      request: jsonBody(downloadUpdateSchema),
      responses: okResponse(feedItemSchema, "Records the helper's progress on an item (queued, downloading with progress, done with savedPath, failed with error); one download at a time; 40404 not yours"),
    }),
    async (c) => ok(c, await subscriptions.update(requireUser(c).id, c.req.valid('json'))),
  );
}
