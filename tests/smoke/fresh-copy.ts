import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

/**
 * The working tree as a newcomer's clone would hold it (tracked files and new, unignored ones)
 * in a folder of its own. `node_modules` is linked rather than installed (the suite runs from a
 * warm install) and `dist/` copied when built, so `npm start` there finds both up to date by
 * their own checks (file times kept) and does only what it does on a second start.
 */
export function freshCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'docuflow-newcomer-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString('utf8')
    .split('\0')
    .filter((f) => f && existsSync(join(root, f)));
  for (const file of files) cpSync(join(root, file), join(copy, file), { preserveTimestamps: true, force: true, recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  if (existsSync(join(root, 'dist', '.build-hash'))) cpSync(join(root, 'dist'), join(copy, 'dist'), { recursive: true, preserveTimestamps: true });
  return copy;
}

export interface StartedProduct {
  url: string;
  /** Everything `npm start` printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * `npm start` in `dir` exactly as the README says: no variable beyond a free PORT (and the PATH
 * and HOME any shell has), so DATA_DIR, the database and every other setting take their defaults.
 */
export async function npmStart(dir: string, port: number, readyWithinMs: number): Promise<StartedProduct> {
  const env: NodeJS.ProcessEnv = { PORT: String(port) };
  for (const name of ['PATH', 'HOME'] as const) if (process.env[name]) env[name] = process.env[name];
  const child = spawn('npm', ['start'], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    const health = await fetch(`${url}/api/v1/health`).catch(() => null);
    if (health?.ok) break;
    if (Date.now() - started > readyWithinMs) {
      await stopGroup(child);
      throw new Error(`npm start did not answer within ${readyWithinMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, output: () => output, stop: () => stopGroup(child) };
}

/** SIGTERM to npm and everything it started (the server, its LibreOffice pool), then SIGKILL after 30 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 30_000);
  await exited;
  clearTimeout(timer);
}

export function removeCopy(dir: string): void {
  if (dir.startsWith(tmpdir()) && dirname(dir) === tmpdir()) rmSync(dir, { recursive: true, force: true });
}
