/**
 * What the job runner needs from a layout engine. The LibreOffice pool
 * (api/engines/libreoffice/pool.ts) implements it; tests may pass another engine.
 */
export type OfficeTarget = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'html' | 'txt';

export interface OfficePort {
  /** Converts the file at `inputPath` into `outDir`; resolves with the output file's path. */
  convert(inputPath: string, outDir: string, target: OfficeTarget, opts?: { timeoutMs?: number; signal?: AbortSignal }): Promise<string>;
}
