import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { pipeSocketPath, singleInstanceSocketPath, type Isolation } from './launcher.js';
import { InputRefused, OfficeError, StaleInstance } from './office-error.js';
import { writeProfile } from './profile.js';
import { killTree, spawnGroup } from './process-tree.js';

const DRIVER = fileURLToPath(new URL('./driver.py', import.meta.url));

export interface SlotConfig {
  index: number;
  soffice: string;
  python: string;
  isolation: Isolation;
  /** Command words put before the driver, e.g. `unshare --net --`. */
  prefix: string[];
  workDir: string;
  fontconfigFile: string;
  startupMs: number;
}

export interface SlotJob {
  input: string;
  output: string;
  target: string;
  title: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

type Reply = { id?: number; ok?: boolean; reason?: string; refused?: boolean; stale?: boolean; message?: string; ready?: boolean; fatal?: string; ms?: number; connectMs?: number };

/** One soffice (and its python driver) in a process group of its own. */
export class Slot {
  conversions = 0;
  /** Pool bookkeeping: `down` means it failed to start and waits for a retry. */
  state: 'starting' | 'idle' | 'busy' | 'down' = 'starting';
  startFailures = 0;
  /** Called when the instance dies on its own (not through `kill`). */
  onUnexpectedExit: () => void = () => {};
  private child: ChildProcessWithoutNullStreams | null = null;
  private nextId = 1;
  private waiters = new Map<number | 'ready', (reply: Reply) => void>();
  private stderrTail = '';
  private readonly pipeName: string;
  private stopped = false;

  constructor(readonly config: SlotConfig) {
    // Derived from the slot folder: unique per pool, and stable across restarts, so a killed
    // instance leaves at most one stale socket behind, which the next start removes.
    this.pipeName = `docuflow-${createHash('sha256').update(this.dir).digest('hex').slice(0, 16)}`;
  }

  get dir(): string {
    return path.join(this.config.workDir, `slot-${this.config.index}`);
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Fresh profile, soffice started, UNO connected and warmed up; rejects after `startupMs`. */
  async start(): Promise<{ ms: number; connectMs: number }> {
    const { soffice, python, prefix, fontconfigFile, startupMs } = this.config;
    await writeProfile(path.join(this.dir, 'profile'));
    if (this.stopped) throw new OfficeError('unavailable', 'the LibreOffice pool is closed');
    rmSync(pipeSocketPath(this.pipeName, this.config.isolation), { force: true });
    const tmp = path.join(this.dir, 'tmp');
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    const env = {
      ...process.env,
      FONTCONFIG_FILE: fontconfigFile,
      HOME: this.dir,
      TMPDIR: tmp,
      SAL_USE_VCLPLUGIN: 'svp',
      PYTHONUNBUFFERED: '1',
      // The driver's modules live in the source tree: no __pycache__ there.
      PYTHONDONTWRITEBYTECODE: '1',
    };
    const driverArgs = [DRIVER, '--soffice', soffice, '--profile', path.join(this.dir, 'profile'), '--pipe', this.pipeName, '--deadline', String(startupMs / 1000)];
    const [command, ...args] = [...prefix, python, ...driverArgs] as [string, ...string[]];
    const child = spawnGroup(command, args, env, this.dir);
    this.child = child;
    this.conversions = 0;
    this.stderrTail = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    createInterface({ input: child.stdout }).on('line', (line) => this.onLine(line));
    // A driver that cannot start, or dies while we write to it, must fail the job, not the server.
    child.on('error', (error) => this.failWaiters({ ok: false, reason: 'crashed', message: `cannot run the LibreOffice driver: ${error.message}` }));
    child.stdin.on('error', () => {});
    child.on('exit', (code, signal) => {
      if (this.child === child) {
        this.child = null;
        this.onUnexpectedExit();
      }
      this.failWaiters({ ok: false, reason: 'crashed', message: `LibreOffice exited (${signal ?? code}) ${this.stderrTail.slice(-300)}`.trim() });
    });
    const ready = await this.await('ready', startupMs, () => new OfficeError('unavailable', `LibreOffice did not start within ${startupMs} ms`));
    if (!ready.ready) {
      await this.kill();
      throw new OfficeError('unavailable', `LibreOffice did not start: ${ready.fatal ?? ready.message ?? 'unknown error'}`);
    }
    return { ms: ready.ms ?? 0, connectMs: ready.connectMs ?? 0 };
  }

  /** Runs one conversion; on timeout or abort the whole process tree is killed. */
  async run(job: SlotJob): Promise<void> {
    const child = this.child;
    if (!child) throw new StaleInstance('LibreOffice instance is not running');
    const id = this.nextId++;
    const onAbort = () => {
      void this.kill();
      this.failWaiters({ ok: false, reason: 'failed', message: 'conversion aborted' });
    };
    job.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const reply = this.await(id, job.timeoutMs, () => {
        void this.kill();
        return new OfficeError('timeout', `conversion took longer than ${job.timeoutMs} ms; LibreOffice was killed`);
      });
      child.stdin.write(JSON.stringify({ id, input: job.input, output: job.output, target: job.target, title: job.title }) + '\n');
      const answer = await reply;
      this.conversions++;
      if (answer.ok) return;
      const message = answer.message ?? 'conversion failed';
      if (answer.refused) throw new InputRefused(message);
      if (answer.stale) throw new StaleInstance(message);
      throw new OfficeError(answer.reason === 'crashed' ? 'crashed' : 'failed', message);
    } finally {
      job.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Kills the instance for good: a start in progress gives up instead of spawning. */
  stop(): Promise<void> {
    this.stopped = true;
    return this.kill();
  }

  /** SIGKILLs soffice, oosplash, soffice.bin and the driver; resolves once the driver is gone. Safe to call twice. */
  kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child?.pid !== undefined) killTree(child.pid);
    rmSync(pipeSocketPath(this.pipeName, this.config.isolation), { force: true });
    rmSync(singleInstanceSocketPath(path.join(this.dir, 'profile'), this.config.isolation), { force: true });
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 2000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private onLine(line: string): void {
    let reply: Reply;
    try {
      reply = JSON.parse(line) as Reply;
    } catch {
      return;
    }
    const key = reply.ready !== undefined || reply.fatal !== undefined ? 'ready' : reply.id;
    if (key === undefined) return;
    const waiter = this.waiters.get(key);
    this.waiters.delete(key);
    waiter?.(reply);
  }

  private failWaiters(reply: Reply): void {
    const waiters = [...this.waiters.values()];
    this.waiters.clear();
    for (const waiter of waiters) waiter(reply);
  }

  private await(key: number | 'ready', ms: number, onTimeout: () => OfficeError): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(key);
        reject(onTimeout());
      }, ms);
      this.waiters.set(key, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
  }
}
