import type { Generated } from 'kysely';
import type { ConversionStatus } from '@contracts/statuses.js';

/** Conversion records and their files. */

export interface ConversionsTable {
  /** The documentId of the API. */
  id: string;
  user_id: string;
  convert_type: string;
  engine: 'browser' | 'server';
  /** See ConversionStatus (contracts/statuses.ts): uploaded (server conversions before POST /document/convert), converting, failed, succeeded. */
  status: ConversionStatus;
  input_json: string;
  output_json: string;
  file_count: number;
  total_bytes: number;
  /** The TYPE_API quota row that paid for it. */
  quota_id: string | null;
  units: number;
  refunded: number;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  /** Files (uploads, results) are deleted and the record shown expired after this. */
  expires_at: number;
  /** 1 once the sweeper deleted the files. */
  files_purged: Generated<number>;
  /** Times a server job was started (a crash mid-job leaves it counted); see JOB_MAX_ATTEMPTS. */
  attempts: Generated<number>;
}

export interface ConversionFilesTable {
  /** The fileId of the API. */
  id: string;
  conversion_id: string;
  kind: 'input' | 'output';
  /** The user's file name (inputs) or the result's name; never used as a path. */
  name: string;
  size: number;
  /** Path under DATA_DIR/files: `{conversionId}/{random}.{ext}`. */
  storage_key: string;
  mime: string;
  created_at: number;
}

/** A pg-boss job's claim while it runs (api/jobs/job-lease.ts): a second start of the job waits until it is free. */
export interface JobLeasesTable {
  job_id: string;
  token: string;
  until: number;
}
