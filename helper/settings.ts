import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { HELPER_DEFAULT_PORT } from '@contracts/local-helper.js';

/** The app's port under `npm start` (api/config.ts PORT default): the origin the helper trusts by default. */
const DEFAULT_APP_PORT = 8080;

export interface HelperOptions {
  port: number;
  /** Loopback only: the helper serves the user's own browser, never the network. */
  host: '127.0.0.1';
  /** Origins allowed to call (CORS and the Origin check). */
  appOrigins: string[];
  home: string;
  /** Where the pairing tokens and the base path survive a restart. */
  stateFile: string;
  /** Caps of one direct download. */
  maxDownloadBytes: number;
  maxDownloadMs: number;
  /** "Show in folder" opens the system's file manager (HELPER_OPEN_FOLDERS=0: only answers the folder's path). */
  openFolders: boolean;
}

/** Reads HELPER_PORT, HELPER_APP_ORIGIN (comma-separated), HELPER_HOME; fails with a readable message. */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): HelperOptions {
  const port = Number(env.HELPER_PORT ?? HELPER_DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`HELPER_PORT must be a port number, got "${env.HELPER_PORT}"`);
  const appPort = Number(env.PORT ?? DEFAULT_APP_PORT);
  const origins = env.HELPER_APP_ORIGIN
    ? env.HELPER_APP_ORIGIN.split(',').map((o) => o.trim()).filter(Boolean)
    : [`http://127.0.0.1:${appPort}`, `http://localhost:${appPort}`];
  for (const o of origins) {
    let parsed: URL;
    try {
      parsed = new URL(o);
    } catch {
      throw new Error(`HELPER_APP_ORIGIN has "${o}", which is not an origin such as https://example.com`);
    }
    if (parsed.origin !== o) throw new Error(`HELPER_APP_ORIGIN has "${o}"; write the bare origin "${parsed.origin}"`);
  }
  const home = env.HELPER_HOME ?? homedir();
  return {
    port,
    host: '127.0.0.1',
    appOrigins: origins,
    home,
    stateFile: join(home, '.docuflow-helper', 'state.json'),
    maxDownloadBytes: Number(env.HELPER_MAX_DOWNLOAD_BYTES ?? 50 * 1024 ** 3),
    maxDownloadMs: Number(env.HELPER_MAX_DOWNLOAD_MS ?? 6 * 3600_000),
    openFolders: env.HELPER_OPEN_FOLDERS !== '0',
  };
}

interface PersistedState {
  basePath?: string;
  /** sha256 of each paired browser's token: a copy of this file does not give the tokens away. */
  tokenHashes?: string[];
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The helper's small persistent state: the base path and the paired browsers. */
export class HelperState {
  private state: PersistedState;

  constructor(
    private readonly file: string,
    private readonly defaultBasePath: string,
  ) {
    try {
      this.state = JSON.parse(readFileSync(file, 'utf8')) as PersistedState;
    } catch {
      this.state = {};
    }
  }

  get basePath(): string {
    return this.state.basePath ?? this.defaultBasePath;
  }

  setBasePath(path: string): void {
    this.state.basePath = path;
    this.save();
  }

  issueToken(): string {
    const token = randomBytes(32).toString('base64url');
    this.state.tokenHashes = [...(this.state.tokenHashes ?? []), hash(token)].slice(-20);
    this.save();
    return token;
  }

  hasToken(token: string): boolean {
    const wanted = Buffer.from(hash(token), 'hex');
    return (this.state.tokenHashes ?? []).some((h) => timingSafeEqual(Buffer.from(h, 'hex'), wanted));
  }

  revokeToken(token: string): void {
    const h = hash(token);
    this.state.tokenHashes = (this.state.tokenHashes ?? []).filter((t) => t !== h);
    this.save();
  }

  private save(): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
