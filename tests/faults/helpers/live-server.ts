import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../../api/config.js';
import { startServer, type RunningServer } from '../../../api/main.js';

export interface LiveServer {
  server: RunningServer;
  url: string;
  dataDir: string;
  /** Conversion folders left in the file store. */
  storedFolders(): Promise<string[]>;
  close(): Promise<void>;
}

/** The real server on a free port of 127.0.0.1, with a data folder of its own (SQLite unless `databaseUrl`). */
export async function startLiveServer(opts: { dataDir?: string; databaseUrl?: string; overrides?: Partial<AppConfig> } = {}): Promise<LiveServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'docuflow-fault-')));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    staticDir: join(dataDir, 'no-dist'),
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    adminPassword: 'Admin-Fault-Passw0rd',
    logLevel: 'silent',
    overrides: { officePoolSize: 0, diskFreeFloorBytes: 0, ...opts.overrides },
  });
  return {
    server,
    url: server.url,
    dataDir,
    async storedFolders() {
      return readdir(join(dataDir, 'files')).catch(() => []);
    },
    async close() {
      await server.close();
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
