import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './http/env.js';
import { API_PREFIX } from './app.js';

/**
 * Serves the built PWA from `dir`: hashed assets cached for a year, everything else (index.html,
 * the service worker, the manifest) revalidated, and index.html for any other non-API GET so
 * that client routes survive a reload.
 */
export function serveBuiltApp(app: Hono<AppEnv>, dir: string): boolean {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (!c.req.path.startsWith(API_PREFIX)) c.header('Cache-Control', 'no-cache');
  });
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    return c.html(indexHtml);
  });
  return true;
}
