import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../helpers/free-port.js';

export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort().pop();
  return version && existsSync(join(root, version, 'bin', 'initdb')) ? join(root, version, 'bin') : undefined;
}

/**
 * A PostgreSQL cluster of the test's own, on a port of its own (never the shared 5432), that the
 * test may stop and start. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 * Resolves with a reason instead when this machine has no PostgreSQL server binaries.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres | { why: string }> {
  const bin = binDir();
  if (!bin) return { why: 'no PostgreSQL server binaries under /usr/lib/postgresql' };
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'docuflow-pg-'));
  const data = join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(cmd, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  try {
    if (asRoot) execFileSync('chown', ['postgres', dir]);
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { why: `initdb failed: ${(err as Error).message.split('\n')[0]}` };
  }
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
