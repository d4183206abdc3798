import type { OfficeTarget } from '@engines/engine-table.js';

export type { OfficeTarget };

/**
 * What the job runner needs from a layout engine. The LibreOffice pool (api/office/pool.ts)
 * implements it; tests may pass another engine.
 */
export interface OfficePort {
  /** Converts the file at `inputPath` into `outDir`; resolves with the output file's path. */
  convert(inputPath: string, outDir: string, target: OfficeTarget, opts?: { timeoutMs?: number; signal?: AbortSignal }): Promise<string>;
}
