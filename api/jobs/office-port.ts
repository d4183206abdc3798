import type { OfficeTarget } from '@engines/engine-table.js';

export type { OfficeTarget };

/**
 * What the job runner needs from a layout engine. The LibreOffice pool (api/office/pool.ts)
 * implements it; tests may pass another engine.
 */
export interface OfficePort {
  /** Converts the file at `inputPath` into `outDir`; resolves with the output file's path. `logger`: the job's, for the engine's lines about this job. */
  convert(inputPath: string, outDir: string, target: OfficeTarget, opts?: { timeoutMs?: number; signal?: AbortSignal; logger?: OfficeJobLogger }): Promise<string>;
  /** The pool's state for /metrics: instances, busy ones, jobs waiting, and restarts so far. */
  stats?(): { size: number; busy: number; queued: number; recycled: number };
}

/** The log lines an engine writes about one job (a pino logger fits). */
export interface OfficeJobLogger {
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
}
