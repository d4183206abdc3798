import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..', '..');

export interface Instance {
  child: ChildProcess;
  /** The API's URL (empty for a worker). */
  url: string;
  /** Everything it printed so far, for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts `api/server.ts` or `api/worker.ts` as its own process, as production runs them, and
 * resolves once it printed its ready line: the URL for an API, the working line for a worker.
 */
export function spawnInstance(entry: 'api/server.ts' | 'api/worker.ts', env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let out = '';
  const ready = entry === 'api/server.ts' ? /serving (http:\/\/\S+)/ : /(worker is working)/;
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveReady({ child, url: entry === 'api/server.ts' ? m[1]! : '', output: () => out, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`${entry} exited (${code}) before it was ready:\n${out}`)));
  });
}
