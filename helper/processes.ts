import { spawn, spawnSync } from 'node:child_process';

/** Whether a command runs at all (ffmpeg, ffprobe, yt-dlp on PATH). */
export function hasCommand(command: string, versionArg = '-version'): boolean {
  const result = spawnSync(command, [versionArg], { stdio: 'ignore', timeout: 10_000 });
  return result.error === undefined && result.status === 0;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly aborted: boolean,
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Called with each stdout line (progress output). */
  onLine?: (line: string) => void;
  /** Called with each stderr line. */
  onErrLine?: (line: string) => void;
  /** Collect stdout as bytes and return it base64-encoded (an image piped out of ffmpeg). */
  binary?: boolean;
}

/** Keeps the last part of a stream: ffmpeg's stderr can be long, the reason is at its end. */
const TAIL = 16_000;

function lines(onLine: ((line: string) => void) | undefined): (chunk: Buffer) => void {
  let pending = '';
  return (chunk) => {
    if (!onLine) return;
    pending += chunk.toString('utf8');
    const parts = pending.split(/\r?\n|\r/);
    pending = parts.pop() ?? '';
    for (const line of parts) onLine(line);
  };
}

/**
 * Runs a command without a shell (arguments never pass through one), killed on abort or timeout.
 * Resolves with its output when it exits 0.
 */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    const bytes: Buffer[] = [];
    let stderr = '';
    let aborted = false;
    const kill = () => {
      aborted = true;
      child.kill('SIGTERM');
      // ffmpeg finishes writing its trailer on SIGTERM; a hung one is killed for good.
      setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
    };
    const timer = options.timeoutMs ? setTimeout(kill, options.timeoutMs) : undefined;
    if (options.signal?.aborted) kill();
    options.signal?.addEventListener('abort', kill, { once: true });
    const outLines = lines(options.onLine);
    const errLines = lines(options.onErrLine);
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.binary) {
        bytes.push(chunk);
        return;
      }
      stdout = (stdout + chunk.toString('utf8')).slice(-TAIL * 64);
      outLines(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-TAIL);
      errLines(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ProcessError(`${command}: ${error.message}`, stderr, aborted));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      if (code === 0 && !aborted) resolve({ stdout: options.binary ? Buffer.concat(bytes).toString('base64') : stdout, stderr });
      else reject(new ProcessError(`${command} exited with ${code ?? 'a signal'}`, stderr, aborted));
    });
  });
}
