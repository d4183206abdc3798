/**
 * Child process of api-reads.ts: the real server (startServer, SQLite in a temp folder) and a bare
 * Hono route on @hono/node-server, both on free ports of 127.0.0.1. Prints one JSON line with their
 * URLs, then serves until killed. A process of its own so that the load generator does not share
 * the servers' event loop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startServer } from '../../../api/main.js';

const dataDir = await mkdtemp(join(tmpdir(), 'bench-reads-'));
const real = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  staticDir: join(dataDir, 'no-dist'),
  adminPassword: 'Bench-Reads-Passw0rd',
  logLevel: process.env.BENCH_LOG_LEVEL === 'info' ? 'info' : 'silent',
  overrides: { officePoolSize: 0 },
});

// The ceiling: the same framework and adapter answering a small JSON envelope, nothing else.
const bareApp = new Hono().get('/bare', (c) => c.json({ code: 200, msg: 'ok', data: { hello: 'world' } }));
const bare = serve({ fetch: bareApp.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((ok) => bare.once('listening', () => ok()));
const { port } = bare.address() as AddressInfo;

console.log(JSON.stringify({ real: real.url, bare: `http://127.0.0.1:${port}/bare` }));

const stop = async () => {
  bare.close();
  await real.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
