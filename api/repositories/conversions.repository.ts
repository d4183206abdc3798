import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { ConversionStatus } from '@contracts/statuses.js';
import { transaction, type DbOrTx } from '../db/index.js';
import type { ConversionFilesTable, ConversionsTable } from '../db/schema.js';
import { returnUnits } from './quota.repository.js';
import { insertRefund } from './refunds.repository.js';

/**
 * The one writer of `conversions` and `conversion_files`: every insert, status change, charge,
 * refund, attempt count and purge of a conversion record is a function here, so the rules that
 * guard them (a conversion ends once, is refunded once) hold whoever calls.
 */
export type ConversionRow = Selectable<ConversionsTable>;
export type ConversionFileRow = Selectable<ConversionFilesTable>;

/** Records a conversion and, for an upload, its input files. Run inside a transaction when there are files. */
export async function insertConversion(db: DbOrTx, row: Insertable<ConversionsTable>, files: Insertable<ConversionFilesTable>[] = []): Promise<void> {
  await db.insertInto('conversions').values(row).execute();
  if (files.length > 0) await db.insertInto('conversion_files').values(files).execute();
}

export function findConversion(db: DbOrTx, id: string, userId: string) {
  return db.selectFrom('conversions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** A conversion by id alone (jobs, which act for no signed-in user). */
export function findConversionById(db: DbOrTx, id: string) {
  return db.selectFrom('conversions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Wipes a PDF tool's sealed passwords from a conversion's input record (its job ended, or its
 * upload expired unused); the plain options and file list stay for the history.
 */
export async function forgetToolSecrets(db: DbOrTx, id: string): Promise<void> {
  const row = await db.selectFrom('conversions').select('input_json').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const input = JSON.parse(row.input_json) as { options?: { sealed?: string } };
  if (!input.options?.sealed) return;
  delete input.options.sealed;
  await db.updateTable('conversions').set({ input_json: JSON.stringify(input) }).where('id', '=', id).execute();
}

/** Uploaded → converting once; false when the upload was already sent (a repeated call charges nothing). */
export async function claimUpload(db: DbOrTx, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('conversions')
    .set({ status: ConversionStatus.CONVERTING, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', ConversionStatus.UPLOADED)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Records which quota row paid for a conversion, and how many units. */
export async function recordCharge(db: DbOrTx, id: string, quotaId: string, units: number): Promise<void> {
  await db.updateTable('conversions').set({ quota_id: quotaId, units }).where('id', '=', id).execute();
}

/** Moves a conversion out of 'converting' once; false when it had already ended. */
export async function finishConversion(db: DbOrTx, id: string, patch: Updateable<ConversionsTable>): Promise<boolean> {
  const res = await db.updateTable('conversions').set(patch).where('id', '=', id).where('status', '=', ConversionStatus.CONVERTING).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Runs `fn` in a transaction of its own, or in the caller's when `db` already is one. */
function atomically<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : transaction(db, fn);
}

/** Stores a server job's results and marks the conversion succeeded, in one transaction; false when it had already ended. */
export function succeedWithOutputs(db: DbOrTx, id: string, outputs: Insertable<ConversionFilesTable>[], outputJson: string, now: number): Promise<boolean> {
  return atomically(db, async (tx) => {
    if (!(await finishConversion(tx, id, { status: ConversionStatus.SUCCEEDED, output_json: outputJson, updated_at: now }))) return false;
    if (outputs.length > 0) await tx.insertInto('conversion_files').values(outputs).execute();
    return true;
  });
}

/** Marks a conversion refunded once; false when it already was. */
async function markRefunded(db: DbOrTx, id: string): Promise<boolean> {
  const res = await db.updateTable('conversions').set({ refunded: 1 }).where('id', '=', id).where('refunded', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Gives a failed conversion's units back, exactly once however often it is called, and logs the
 * refund (who, which conversion, units, why, when). Not capped: callers decide whether a failure
 * deserves a refund (the browser's daily cap is a rule of conversion.service.ts). Run inside a transaction.
 */
export async function refundOnce(db: DbOrTx, row: ConversionRow, reason: string, now: number): Promise<void> {
  if (!row.quota_id || !(await markRefunded(db, row.id))) return;
  await returnUnits(db, row.quota_id, row.units);
  await insertRefund(db, {
    id: randomUUID(),
    user_id: row.user_id,
    conversion_id: row.id,
    engine: row.engine,
    quota_id: row.quota_id,
    units: row.units,
    reason: reason.slice(0, 255),
    created_at: now,
  });
}

/**
 * Ends a converting conversion as failed with `reason` and refunds it once, in one transaction:
 * what the server says about its own jobs is believed, so this is never capped. False (and
 * nothing changed) when the conversion had already ended.
 */
export function failAndRefund(db: DbOrTx, id: string, reason: string, now: number): Promise<boolean> {
  return atomically(db, async (tx) => {
    if (!(await finishConversion(tx, id, { status: ConversionStatus.FAILED, failure_reason: reason, updated_at: now }))) return false;
    const row = await findConversionById(tx, id);
    if (row) await refundOnce(tx, row, reason, now);
    return true;
  });
}

/**
 * Counts one more start of a converting server job, in one transaction. Past `maxAttempts` starts
 * the job is failed and refunded instead ('failedRepeatedly'). `start` when the job should run,
 * `failed` when this call failed and refunded it, `skip` when it is not converting.
 */
export function countAttempt(db: DbOrTx, id: string, maxAttempts: number, now: number): Promise<'start' | 'failed' | 'skip'> {
  return atomically(db, async (tx) => {
    const row = await findConversionById(tx, id);
    if (!row || row.status !== ConversionStatus.CONVERTING) return 'skip';
    if (row.attempts >= maxAttempts) return (await failAndRefund(tx, id, 'failedRepeatedly', now)) ? 'failed' : 'skip';
    await tx.updateTable('conversions').set({ attempts: row.attempts + 1 }).where('id', '=', id).execute();
    return 'start';
  });
}

/** Takes back the last start of a job that is still converting (a graceful stop cut it short). */
export async function uncountAttempt(db: DbOrTx, id: string): Promise<void> {
  await db
    .updateTable('conversions')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('status', '=', ConversionStatus.CONVERTING)
    .where('attempts', '>', 0)
    .execute();
}

/** Forgets a conversion's files (the store has removed them) and marks it purged. */
export async function markFilesPurged(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('conversion_files').where('conversion_id', '=', id).execute();
  await db.updateTable('conversions').set({ files_purged: 1 }).where('id', '=', id).execute();
}

export async function pageConversions(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const list = await db
    .selectFrom('conversions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', ConversionStatus.UPLOADED)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { n } = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '!=', ConversionStatus.UPLOADED)
    .executeTakeFirstOrThrow();
  return { list, total: Number(n) };
}

/** Bytes of the user's files still on the server: inputs and results not yet swept. */
export async function heldBytes(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('conversion_files')
    .innerJoin('conversions', 'conversions.id', 'conversion_files.conversion_id')
    .select((eb) => eb.fn.sum<number>('conversion_files.size').as('bytes'))
    .where('conversions.user_id', '=', userId)
    .where('conversions.files_purged', '=', 0)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

export function inputFiles(db: DbOrTx, conversionId: string) {
  return db.selectFrom('conversion_files').selectAll().where('conversion_id', '=', conversionId).where('kind', '=', 'input').execute();
}

/** One result file of the user's conversion, with what decides whether it may still be downloaded. */
export function findOutputFile(db: DbOrTx, userId: string, conversionId: string, fileId: string) {
  return db
    .selectFrom('conversion_files')
    .innerJoin('conversions', 'conversions.id', 'conversion_files.conversion_id')
    .select(['conversion_files.name', 'conversion_files.size', 'conversion_files.mime', 'conversion_files.storage_key', 'conversions.expires_at', 'conversions.files_purged'])
    .where('conversion_files.id', '=', fileId)
    .where('conversion_files.conversion_id', '=', conversionId)
    .where('conversion_files.kind', '=', 'output')
    .where('conversions.user_id', '=', userId)
    .executeTakeFirst();
}

/** True when the user's conversion exists and its files were swept. */
export async function isPurged(db: DbOrTx, userId: string, conversionId: string): Promise<boolean> {
  const row = await db.selectFrom('conversions').select('id').where('id', '=', conversionId).where('user_id', '=', userId).where('files_purged', '=', 1).executeTakeFirst();
  return row !== undefined;
}

/** Up to `limit` conversions whose files are due for deletion: expired, not converting, not yet purged. */
export async function dueForPurge(db: DbOrTx, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('conversions')
    .select('id')
    .where('files_purged', '=', 0)
    .where('expires_at', '<=', now)
    .where('status', '!=', ConversionStatus.CONVERTING)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Those of `ids` that are conversions whose files are still kept. */
export async function keptConversionIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('conversions').select('id').where('id', 'in', ids).where('files_purged', '=', 0).execute();
  return new Set(rows.map((r) => r.id));
}

/** Server conversions left converting (by a crash or a stop), oldest first. */
export async function convertingServerConversions(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectFrom('conversions')
    .select('id')
    .where('engine', '=', 'server')
    .where('status', '=', ConversionStatus.CONVERTING)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}
