import { execFileSync } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Envelope } from '../../contracts/envelope';
import { startHelper, type HelperServer } from '../../helper/server';
import { optionsFromEnv } from '../../helper/settings';

export const APP_ORIGIN = 'http://127.0.0.1:5999';

export interface HelperUnderTest {
  helper: HelperServer;
  home: string;
  /** Calls the helper as the app's page would (its Origin, the token once paired). */
  call<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>): Promise<Envelope<T>>;
  pair(): Promise<string>;
  close(): Promise<void>;
}

/** The helper in process on a free port, with a throw-away home folder. */
export async function startHelperUnderTest(extraEnv: Record<string, string> = {}): Promise<HelperUnderTest> {
  const home = mkdtempSync(join(tmpdir(), 'video-helper-home-'));
  const options = optionsFromEnv({ HELPER_PORT: '0', HELPER_APP_ORIGIN: APP_ORIGIN, HELPER_HOME: home, ...extraEnv });
  const helper = await startHelper(options, { info: () => undefined, error: () => undefined });
  let token: string | null = null;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${helper.url}${path}`, {
      method,
      headers: { Origin: APP_ORIGIN, ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };
  return {
    helper,
    home,
    call,
    async pair() {
      const res = await call<{ token: string }>('POST', '/login', { code: helper.pairingCode() });
      if (res.code !== 200) throw new Error(`pairing failed: ${res.code}`);
      token = res.data.token;
      return token;
    },
    async close() {
      await helper.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

const TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.html': 'text/html' };

export interface MediaServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1, plus `/slow.bin`: a body that trickles out for a long time, so a
 * download of it is still running when the test starts another.
 */
export async function startMediaServer(dir: string): Promise<MediaServer> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/slow.bin') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(1024 * 1024) });
      const timer = setInterval(() => res.write(Buffer.alloc(1024)), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (path === '/page.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>a video page</body></html>');
      return;
    }
    const file = normalize(join(dir, decodeURIComponent(path)));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    try {
      const size = statSync(file).size;
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': String(size) });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An HLS VOD playlist of `clip` in `dir/hls/` (one-second segments), made by the system ffmpeg. */
export function makeHls(clip: string, dir: string): string {
  const out = join(dir, 'hls');
  mkdirSync(out, { recursive: true });
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', clip, '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', join(out, 'index.m3u8')]);
  return 'hls/index.m3u8';
}

/** Polls the helper until its current download ends; returns the final state. */
export async function waitForDownload<T extends { state: string }>(kit: HelperUnderTest, downloadId: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { data } = await kit.call<{ current: (T & { downloadId: string }) | null; history: Array<T & { downloadId: string }> }>('GET', '/video/download/status');
    const done = data.history.find((s) => s.downloadId === downloadId);
    if (done) return done;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`download ${downloadId} did not end within ${timeoutMs} ms`);
}
