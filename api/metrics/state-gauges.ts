import { Counter, Gauge, type Registry } from 'prom-client';
import type { DbPoolStats } from '../db/index.js';
import type { EnginePool } from '../engine-threads/pool.js';
import type { EngineName } from '../jobs/job-metrics.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { OfficePort } from '../jobs/office-port.js';
import { ENGINES, METRIC_PREFIX } from './app-metrics.js';

/** Where the state read at each scrape comes from. */
export interface StateSources {
  queue: JobQueue;
  /** The LibreOffice pool and its configured size; null when server conversions have no layout engine. */
  office: { engine: OfficePort; size: number } | null;
  engines: EnginePool;
  /** Engine calls made and not ended, for an engine that reports no state of its own (a test's stand-in). */
  inFlight: (engine: EngineName) => number;
  diskFreeBytes: () => Promise<number | null>;
  diskFloorBytes: number;
  dbPool: () => DbPoolStats;
}

/**
 * Gauges (and the restart counter, kept by the pool itself) read from the queue, the engines,
 * the disk and the database pool when Prometheus scrapes, so nothing is polled in between.
 */
export function observeState(registry: Registry, s: StateSources): void {
  const registers = [registry];
  const gauge = (name: string, help: string, collect: (this: Gauge) => void | Promise<void>, labelNames: string[] = []) =>
    new Gauge({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers, collect });

  gauge('conversion_jobs_waiting', 'Server conversion jobs waiting to start (on PostgreSQL: in the shared pg-boss queue, for every instance).', async function () {
    // A database that is away must not fail the whole scrape: the gauge keeps its last value.
    const backlog = await s.queue.backlog().catch(() => null);
    if (backlog !== null) this.set(backlog);
  });
  gauge('conversion_jobs_running', 'Server conversion jobs running in this process.', function () {
    this.set(s.queue.stats().running);
  });

  const officeStats = () => s.office?.engine.stats?.() ?? null;
  const engineState = (engine: EngineName) => {
    if (engine === 'engine-threads') return s.engines.stats();
    // qpdf and Ghostscript run as jobs' own child processes: nothing waits for them but the job queue.
    if (engine === 'pdf-tools') return { running: s.inFlight(engine), waiting: 0 };
    const stats = officeStats();
    if (stats) return { running: stats.busy, waiting: stats.queued };
    return { running: s.office ? s.inFlight(engine) : 0, waiting: 0 };
  };
  gauge('engine_jobs_queued', 'Engine calls waiting for a LibreOffice instance or an engine thread (the engine queue length).', function () {
    for (const engine of ENGINES) this.labels(engine).set(engineState(engine).waiting);
  }, ['engine']);
  gauge('engine_jobs_running', 'Engine calls running on a LibreOffice instance or an engine thread.', function () {
    for (const engine of ENGINES) this.labels(engine).set(engineState(engine).running);
  }, ['engine']);

  gauge('libreoffice_pool_size', 'LibreOffice instances the pool keeps warm (0: no server layout engine).', function () {
    this.set(officeStats()?.size ?? s.office?.size ?? 0);
  });
  new Counter({
    name: `${METRIC_PREFIX}libreoffice_restarts_total`,
    help: 'LibreOffice instances restarted (after a failure, an exit, or their conversion budget).',
    registers,
    collect() {
      // The pool counts restarts itself; the counter takes its value at each scrape.
      this.reset();
      this.inc(officeStats()?.recycled ?? 0);
    },
  });
  gauge('engine_threads', 'Engine worker threads alive (idle ones exit after a while).', function () {
    this.set(s.engines.threads());
  });

  gauge('data_disk_free_bytes', 'Free bytes on the disk of the data folder (uploads are refused below the floor).', async function () {
    const free = await s.diskFreeBytes();
    if (free !== null) this.set(free);
  });
  gauge('data_disk_floor_bytes', 'Free bytes below which uploads are refused (DISK_FREE_FLOOR_MB).', function () {
    this.set(s.diskFloorBytes);
  });

  gauge('db_pool_max', 'Database connections allowed (SQLite: its one connection).', function () {
    this.set(s.dbPool().max);
  });
  gauge('db_pool_connections', 'Database connections open, by state.', function () {
    const p = s.dbPool();
    this.labels('idle').set(p.idle);
    this.labels('in_use').set(p.total - p.idle);
  }, ['state']);
  gauge('db_pool_waiting', 'Queries waiting for a database connection.', function () {
    this.set(s.dbPool().waiting);
  });
}
