import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ErrorCode } from '@contracts/error-codes.js';
import {
  basePathRequestSchema,
  cropRequestSchema,
  downloadRequestSchema,
  frameRequestSchema,
  HELPER_NAME,
  jobIdRequestSchema,
  jobRequestSchema,
  loginRequestSchema,
  mergeJobRequestSchema,
  mergeRequestSchema,
  probeRequestSchema,
  revealRequestSchema,
  splitRequestSchema,
  trimRequestSchema,
  videoInfoRequestSchema,
  type HelperConfig,
} from '@contracts/local-helper.js';
import { DownloadManager } from './downloads.js';
import { cropVideo, mediaInfo, mergeNormalised } from './edit-media.js';
import { HelperError } from './errors.js';
import { listVideoFiles } from './files.js';
import { bearer, parse, readJson, send } from './http-kit.js';
import { videoInfo } from './info.js';
import { extractFrames, mergeVideos, splitVideo, trimVideo } from './media.js';
import type { JobContext } from './job-context.js';
import { JobManager } from './jobs.js';
import { PairingCode } from './pairing.js';
import { existingInBase, fileInBase, prepareBasePath } from './paths.js';
import { hasCommand } from './processes.js';
import { revealInFolder } from './reveal.js';
import { HelperState, type HelperOptions } from './settings.js';

export const HELPER_VERSION = '1.0.0';

export interface HelperServer {
  url: string;
  port: number;
  /** The pairing code the terminal shows now (tests read it here). */
  pairingCode(): string;
  close(): Promise<void>;
}

type Handler = (ctx: { req: IncomingMessage; body: unknown; token: string | null }) => Promise<unknown>;

export interface HelperLog {
  info(message: string): void;
  error(message: string): void;
}

/** Starts the helper on 127.0.0.1 (port 0 picks a free one). */
export async function startHelper(options: HelperOptions, log: HelperLog): Promise<HelperServer> {
  const state = new HelperState(options.stateFile, join(options.home, 'Videos', 'DocuFlow'));
  const tools = { ffmpeg: hasCommand('ffmpeg'), ffprobe: hasCommand('ffprobe'), ytDlp: hasCommand('yt-dlp', '--version') };
  const pairing = new PairingCode((code, reason) => {
    const why = reason === 'start' ? 'Pairing code' : reason === 'used' ? 'Paired. Code for another browser' : 'Too many wrong codes; new pairing code';
    log.info(`${why}: ${code}  (type it on the helper settings page)`);
  });
  const downloads = new DownloadManager({ basePath: () => ensureDir(state.basePath), ytDlp: tools.ytDlp, maxBytes: options.maxDownloadBytes, maxMs: options.maxDownloadMs });
  const config = (): HelperConfig => ({ name: HELPER_NAME, version: HELPER_VERSION, basePath: state.basePath, home: options.home, tools });
  const base = () => ensureDir(state.basePath);
  const jobs = new JobManager((m) => log.error(m));
  /** Each kind's request checked (and its files resolved inside the base path) before the job starts. */
  const jobWork = (kind: string, params: unknown): ((ctx: JobContext) => Promise<{ files: string[]; folder: string; copied?: boolean }>) => {
    const b = base();
    switch (kind) {
      case 'trim': {
        const req = parse(trimRequestSchema, params);
        const file = fileInBase(b, req.file);
        return (ctx) => trimVideo(b, file, req, ctx);
      }
      case 'split': {
        const req = parse(splitRequestSchema, params);
        const file = fileInBase(b, req.file);
        return (ctx) => splitVideo(b, file, req, ctx);
      }
      case 'crop': {
        const req = parse(cropRequestSchema, params);
        const file = fileInBase(b, req.file);
        return (ctx) => cropVideo(b, file, req, ctx);
      }
      case 'frames': {
        const req = parse(frameRequestSchema, params);
        const file = fileInBase(b, req.file);
        return (ctx) => extractFrames(b, file, req, ctx);
      }
      default: {
        const req = parse(mergeJobRequestSchema, params);
        const files = req.files.map((f) => fileInBase(b, f));
        return (ctx) => mergeNormalised(b, files, req, ctx);
      }
    }
  };

  const routes: Record<string, Handler> = {
    'POST /login': async ({ body }) => {
      const { code } = parse(loginRequestSchema, body);
      if (!pairing.redeem(code)) throw new HelperError(ErrorCode.VALIDATION_FAILED, 'wrong pairing code', { code: 'videoHelper.errors.codeWrong' });
      return { token: state.issueToken() };
    },
    'GET /logout': async ({ token }) => {
      if (token) state.revokeToken(token);
      return null;
    },
    'GET /config': async () => config(),
    'POST /config/base-path': async ({ body }) => {
      const req = parse(basePathRequestSchema, body);
      state.setBasePath(prepareBasePath(req.basePath, options.home, req.confirm === true));
      return config();
    },
    'POST /video/download': async ({ body }) => downloads.start(parse(downloadRequestSchema, body)),
    'POST /video/download/cancel': async () => {
      await downloads.cancel();
      return downloads.status();
    },
    'GET /video/download/status': async () => downloads.status(),
    'POST /video/info': async ({ body, req }) => videoInfo(parse(videoInfoRequestSchema, body).url, tools.ytDlp, abortOnClose(req)),
    'POST /video/frame': async ({ body }) => {
      const req = parse(frameRequestSchema, body);
      return extractFrames(base(), fileInBase(base(), req.file), req);
    },
    'POST /video/split': async ({ body }) => {
      const req = parse(splitRequestSchema, body);
      return splitVideo(base(), fileInBase(base(), req.file), req);
    },
    'POST /video/trim': async ({ body }) => {
      const req = parse(trimRequestSchema, body);
      return trimVideo(base(), fileInBase(base(), req.file), req);
    },
    'GET /files': async () => listVideoFiles(base()),
    'POST /video/probe': async ({ body }) => mediaInfo(fileInBase(base(), parse(probeRequestSchema, body).file)),
    'POST /jobs': async ({ body }) => {
      const req = parse(jobRequestSchema, body);
      return jobs.start(req.kind, jobWork(req.kind, req.params));
    },
    'GET /jobs': async () => ({ jobs: jobs.list() }),
    'POST /jobs/cancel': async ({ body }) => {
      const { jobId } = parse(jobIdRequestSchema, body);
      const job = await jobs.cancel(jobId);
      if (!job) throw new HelperError(ErrorCode.NOT_FOUND, `no job ${jobId}`, { jobId: 'videoHelper.errors.noJob' });
      return job;
    },
    'POST /reveal': async ({ body }) => revealInFolder(existingInBase(base(), parse(revealRequestSchema, body).path), options.openFolders),
    'POST /video/merge/random': async ({ body }) => {
      const req = parse(mergeRequestSchema, body);
      return mergeVideos(base(), req.files.map((f) => fileInBase(base(), f)), req.shuffle);
    },
  };

  let port = options.port;
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      log.error(`helper: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) send(res, ErrorCode.INTERNAL, null, 'internal error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // DNS rebinding: a foreign name that resolves to 127.0.0.1 still arrives with its own Host.
    const host = req.headers.host ?? '';
    if (![`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host)) return send(res, ErrorCode.FORBIDDEN, null, 'host not allowed', 403);
    const origin = req.headers.origin;
    if (origin !== undefined && !options.appOrigins.includes(origin)) return send(res, ErrorCode.FORBIDDEN, null, 'origin not allowed', 403);
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      res.setHeader('Access-Control-Max-Age', '600');
      // Private Network Access: a page on a public origin may reach this loopback server only if it says yes.
      if (req.headers['access-control-request-private-network'] === 'true') res.setHeader('Access-Control-Allow-Private-Network', 'true');
      res.writeHead(204).end();
      return;
    }
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const key = `${req.method ?? 'GET'} ${path}`;
    const route = routes[key];
    if (!route) return send(res, ErrorCode.NOT_FOUND, null, 'no such call', 404);
    const token = bearer(req);
    if (key !== 'POST /login' && (token === null || !state.hasToken(token))) return send(res, ErrorCode.NOT_LOGGED_IN, null, 'pair with the helper first');
    try {
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      send(res, ErrorCode.OK, await route({ req, body, token }));
    } catch (error) {
      if (error instanceof HelperError) return send(res, error.code, error.data, error.message);
      throw error;
    }
  }

  // Longer than a browser's idle keep-alive, so the page never reuses a socket the helper is closing.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host}:${port}`,
    port,
    pairingCode: () => pairing.current,
    async close() {
      await downloads.cancel();
      await jobs.cancelAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function ensureDir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}

/** Stops a probe when the page gives up waiting. */
function abortOnClose(req: IncomingMessage): AbortSignal {
  const controller = new AbortController();
  req.once('close', () => {
    if (!req.complete) controller.abort();
  });
  return AbortSignal.any([controller.signal, AbortSignal.timeout(90_000)]);
}
