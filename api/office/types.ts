export type OfficeTarget = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'html' | 'txt';
/** Old and ODF formats the engine can also write; tests use them to make legacy fixtures. */
export type LegacyTarget = 'doc' | 'rtf' | 'odt' | 'xls' | 'ods' | 'ppt' | 'odp';
export const TARGETS: readonly string[] = ['pdf', 'docx', 'xlsx', 'pptx', 'html', 'txt', 'doc', 'rtf', 'odt', 'xls', 'ods', 'ppt', 'odp'];

export interface OfficeConvertOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The job's own logger (with its request id): the pool's lines about this job go there. */
  logger?: PoolLogger;
}

export interface OfficeEngine {
  /** Converts the file at `inputPath` (absolute) into `outDir`; resolves with the output file path. Rejects with OfficeError. */
  convert(inputPath: string, outDir: string, target: OfficeTarget | LegacyTarget, opts?: OfficeConvertOptions): Promise<string>;
  stats(): { size: number; busy: number; queued: number; conversions: number; recycled: number; failures: number };
  close(): Promise<void>;
}

export type PoolLogger = { info(o: object, m?: string): void; warn(o: object, m?: string): void };

export interface LibreOfficePoolOptions {
  /** Warm instances; default one per core. */
  size?: number;
  /** Profiles, temp files and fonts.conf live here, one `slot-N` folder per instance. */
  workDir: string;
  /** Conversions before an instance is replaced by a fresh one; default 200. */
  recycleAfter?: number;
  /** Hard limit per job, after which its instance is killed; default 60 s. */
  timeoutMs?: number;
  logger?: PoolLogger;
  /** Run soffice in a network namespace of its own where the platform allows it; default true. */
  isolateNetwork?: boolean;
}
