import { rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFontconfig } from './fontconfig.js';
import { prepareJob, type JobFiles } from './job.js';
import { detectIsolation, findSoffice, findUnoPython } from './launcher.js';
import { asOfficeError, InputRefused, OfficeError, StaleInstance } from './office-error.js';
import { Slot, type SlotConfig } from './slot.js';
import type { LegacyTarget, LibreOfficePoolOptions, OfficeConvertOptions, OfficeEngine, OfficeTarget, PoolLogger } from './types.js';

export { OfficeError } from './office-error.js';
export { findSoffice } from './launcher.js';
export type { LegacyTarget, LibreOfficePoolOptions, OfficeConvertOptions, OfficeEngine, OfficeTarget } from './types.js';

/** A slot that failed to start this many times in a row counts as down; when all are, jobs fail fast. */
const START_ATTEMPTS = 3;
const STARTUP_MS = 60_000;

interface Job extends JobFiles {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Where this job's lines go: the caller's logger (with its request id), else the pool's. */
  log: PoolLogger;
  /** How often it was re-queued after reaching an instance found dead (at most once per instance). */
  retries?: number;
  resolve(file: string): void;
  reject(error: OfficeError): void;
}

class LibreOfficePool implements OfficeEngine {
  private readonly size: number;
  private readonly log: PoolLogger;
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private counters = { conversions: 0, recycled: 0, failures: 0 };
  private closed = false;
  /** Why no conversion can run at all (not installed, nothing starts), or null. */
  private unavailable: string | null = null;
  private readonly setup: Promise<void>;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly startups = new Set<Promise<void>>();
  private readonly killAll = () => this.slots.forEach((slot) => void slot.kill());

  constructor(private readonly opts: LibreOfficePoolOptions) {
    this.opts = { ...opts, workDir: path.resolve(opts.workDir) };
    this.size = Math.max(1, opts.size ?? os.availableParallelism());
    this.log = opts.logger ?? { info() {}, warn() {} };
    this.setup = this.init().catch((error: unknown) => {
      this.unavailable = `LibreOffice pool set-up failed: ${asOfficeError(error).message}`;
    });
  }

  private async init(): Promise<void> {
    const soffice = findSoffice();
    const python = soffice ? await findUnoPython(soffice) : null;
    if (!soffice || !python) {
      this.unavailable = soffice ? 'no python interpreter can import uno (install python3-uno)' : 'LibreOffice is not installed (no soffice found)';
      this.log.warn({}, this.unavailable);
      return;
    }
    const { isolation, prefix } = this.opts.isolateNetwork === false ? { isolation: 'none' as const, prefix: [] } : await detectIsolation();
    const fontconfigFile = await writeFontconfig(this.opts.workDir);
    if (this.closed) return;
    this.log.info({ isolation, soffice, python, size: this.size }, isolation === 'none'
      ? 'LibreOffice pool: soffice keeps host networking (network namespace disabled or not permitted); linked content is still blocked by its profile'
      : 'LibreOffice pool: soffice runs in a network namespace of its own, without network');
    const base: Omit<SlotConfig, 'index'> = { soffice, python, isolation, prefix, workDir: this.opts.workDir, fontconfigFile, startupMs: STARTUP_MS };
    this.slots = Array.from({ length: this.size }, (_, index) => new Slot({ ...base, index }));
    process.once('exit', this.killAll);
    for (const slot of this.slots) {
      slot.onUnexpectedExit = () => {
        if (slot.state === 'idle') void this.restart(slot, 'exited while idle');
      };
      void this.start(slot);
    }
  }

  async convert(inputPath: string, outDir: string, target: OfficeTarget | LegacyTarget, opts: OfficeConvertOptions = {}): Promise<string> {
    await this.setup;
    if (this.closed) throw new OfficeError('unavailable', 'the LibreOffice pool is closed');
    if (this.unavailable) throw new OfficeError('unavailable', this.unavailable);
    const files = await prepareJob(inputPath, outDir, target);
    if (opts.signal?.aborted) throw new OfficeError('failed', 'conversion aborted');
    return new Promise<string>((resolve, reject) => {
      const job: Job = { ...files, timeoutMs: opts.timeoutMs ?? this.opts.timeoutMs ?? 60_000, signal: opts.signal, log: opts.logger ?? this.log, resolve, reject };
      opts.signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(job);
        if (at < 0) return;
        this.queue.splice(at, 1);
        reject(new OfficeError('failed', 'conversion aborted'));
      }, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  stats(): ReturnType<OfficeEngine['stats']> {
    const busy = this.slots.filter((slot) => slot.state === 'busy').length;
    return { size: this.size, busy, queued: this.queue.length, ...this.counters };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.setup;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.rejectQueued('the LibreOffice pool is closed');
    process.removeListener('exit', this.killAll);
    await Promise.all(this.slots.map((slot) => slot.stop()));
    await Promise.allSettled([...this.startups]);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.state === 'idle');
      if (!slot) return;
      void this.dispatch(slot, this.queue.shift() as Job);
    }
  }

  private async dispatch(slot: Slot, job: Job): Promise<void> {
    slot.state = 'busy';
    let failure: OfficeError | null = null;
    try {
      const title = path.basename(job.output, path.extname(job.output));
      await slot.run({ input: job.input, output: job.partial, target: job.target, title, timeoutMs: job.timeoutMs, signal: job.signal });
      const written = await stat(job.partial).catch(() => null);
      if (!written || written.size === 0) throw new OfficeError('emptyOutput', 'LibreOffice reported success but wrote no output');
      await rename(job.partial, job.output);
      this.counters.conversions++;
      job.resolve(job.output);
    } catch (error) {
      failure = this.closed ? new OfficeError('unavailable', 'the LibreOffice pool was closed during the conversion') : asOfficeError(error);
      await rm(job.partial, { force: true });
      // Nothing was done: give the job to the next live instance. Once per instance, as several
      // may have died at once (a machine's OOM killer, or the crash test killing every soffice).
      if (failure instanceof StaleInstance && (job.retries ?? 0) < this.slots.length && !this.closed) {
        job.retries = (job.retries ?? 0) + 1;
        this.queue.unshift(job);
      } else {
        this.counters.failures++;
        job.log.warn({ slot: slot.config.index, reason: failure.reason, err: failure.message }, 'LibreOffice conversion failed');
        job.reject(failure);
      }
    }
    if (this.closed) return;
    if ((failure && !(failure instanceof InputRefused)) || !slot.running) void this.restart(slot, failure ? `after failure (${failure.reason})` : 'exited', job.log);
    else if (slot.conversions >= (this.opts.recycleAfter ?? 200)) void this.restart(slot, `after ${slot.conversions} conversions`);
    else slot.state = 'idle';
    this.pump();
  }

  /** `log`: the job whose end brought the restart, so the line carries its request id. */
  private async restart(slot: Slot, why: string, log: PoolLogger = this.log): Promise<void> {
    slot.state = 'starting';
    this.counters.recycled++;
    log.info({ slot: slot.config.index, why }, 'LibreOffice instance recycled');
    await slot.kill();
    await this.start(slot);
  }

  private start(slot: Slot): Promise<void> {
    const startup = this.tryStart(slot).finally(() => this.startups.delete(startup));
    this.startups.add(startup);
    return startup;
  }

  private async tryStart(slot: Slot): Promise<void> {
    if (this.closed) return;
    slot.state = 'starting';
    try {
      const { ms, connectMs } = await slot.start();
      slot.startFailures = 0;
      slot.state = 'idle';
      this.unavailable = null;
      this.log.info({ slot: slot.config.index, ms, connectMs }, 'LibreOffice instance ready');
      this.pump();
    } catch (error) {
      await slot.kill();
      if (this.closed) return;
      slot.startFailures++;
      slot.state = slot.startFailures >= START_ATTEMPTS ? 'down' : 'starting';
      const message = asOfficeError(error).message;
      this.log.warn({ slot: slot.config.index, attempt: slot.startFailures, err: message }, 'LibreOffice instance failed to start');
      if (this.slots.every((candidate) => candidate.state === 'down')) {
        this.unavailable = `LibreOffice cannot start: ${message}`;
        this.rejectQueued(this.unavailable);
      }
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        void this.start(slot);
      }, Math.min(30_000, 500 * 2 ** slot.startFailures));
      this.retryTimers.add(timer);
    }
  }

  private rejectQueued(message: string): void {
    for (const job of this.queue.splice(0)) job.reject(new OfficeError('unavailable', message));
  }
}

/** A pool of warm LibreOffice instances; they start in the background right away. */
export function createLibreOfficePool(opts: LibreOfficePoolOptions): OfficeEngine {
  return new LibreOfficePool(opts);
}
