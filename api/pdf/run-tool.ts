import { isAbsolute } from 'node:path';
import { killTree, spawnGroup } from '../office/process-tree.js';
import { PdfToolError } from './pdf-tool-error.js';

/** Where a tool runs and how long it may take. The job's folder is `cwd`; the tools write their temporary files there too. */
export interface ToolLimits {
  timeoutMs: number;
  cwd: string;
  signal?: AbortSignal;
}

export interface ToolRun extends ToolLimits {
  /** Written to the tool's standard input, then closed: how secrets reach qpdf (`qpdf @-`) without touching argv or the disk. */
  stdin?: string;
}

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Each stream keeps at most this much; the rest is read and dropped so the tool never blocks on a full pipe. */
export const OUTPUT_CAP_BYTES = 1024 * 1024;

/**
 * A small, fixed environment: the C locale so the messages we match are English, and the job
 * folder as TMPDIR so Ghostscript's spill files die with the job. Nothing of the server's
 * environment (keys, database URLs) reaches the tools.
 */
function toolEnv(cwd: string): NodeJS.ProcessEnv {
  return { PATH: '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C', HOME: cwd, TMPDIR: cwd };
}

export function assertAbsolutePath(path: string, role: string): void {
  if (!isAbsolute(path)) throw new PdfToolError('failed', `${role} must be an absolute path`);
}

class CappedOutput {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = false;

  add(chunk: Buffer): void {
    const room = OUTPUT_CAP_BYTES - this.size;
    if (room <= 0) {
      this.dropped = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.dropped ||= kept.length < chunk.length;
    this.chunks.push(kept);
    this.size += kept.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8') + (this.dropped ? '\n[output truncated]' : '');
  }
}

/**
 * Runs `command` (an absolute path, no shell) as the leader of its own process group, so a
 * timeout or an abort kills everything it started. Resolves with the exit code whatever it is;
 * rejects only when the tool cannot start (`failed`), runs past `timeoutMs` (`timeLimit`) or is
 * aborted (`cancelled`), and then only once the process is gone.
 */
export function runTool(command: string, args: string[], opts: ToolRun): Promise<ToolResult> {
  assertAbsolutePath(command, 'command');
  assertAbsolutePath(opts.cwd, 'cwd');
  if (opts.signal?.aborted) return Promise.reject(new PdfToolError('cancelled', `${command} was cancelled before it started`));

  return new Promise((resolve, reject) => {
    const child = spawnGroup(command, args, toolEnv(opts.cwd), opts.cwd);
    const stdout = new CappedOutput();
    const stderr = new CappedOutput();
    let stopped: PdfToolError | null = null;
    let startError: Error | null = null;

    const stop = (error: PdfToolError) => {
      if (stopped || child.pid === undefined) return;
      stopped = error;
      killTree(child.pid);
    };
    const timer = setTimeout(() => stop(new PdfToolError('timeLimit', `${command} ran past ${opts.timeoutMs} ms and was killed`)), opts.timeoutMs);
    const onAbort = () => stop(new PdfToolError('cancelled', `${command} was cancelled`));
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => stdout.add(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
    // A tool that exits without reading its input closes the pipe under us: not our error to raise.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.stdin ?? '');
    child.on('error', (error) => {
      startError = error;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (stopped) reject(stopped);
      else if (startError) reject(new PdfToolError('failed', `${command} could not start: ${startError.message}`, { cause: startError }));
      else resolve({ code: code ?? -1, stdout: stdout.text(), stderr: stderr.text() });
    });
  });
}
