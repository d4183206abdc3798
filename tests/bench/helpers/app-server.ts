/**
 * Child process of lighthouse.ts: startServer on a free port of 127.0.0.1 serving the build in
 * argv[2], with a temp data folder. Prints its URL on one line, serves until killed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../api/main.js';

const dataDir = await mkdtemp(join(tmpdir(), 'bench-app-'));
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  staticDir: process.argv[2] ?? 'dist',
  adminPassword: 'Bench-App-Passw0rd',
  logLevel: 'silent',
  overrides: { officePoolSize: 0 },
});
console.log(server.url);
const stop = async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
