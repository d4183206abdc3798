import { sql, type RawBuilder } from 'kysely';
import { ConversionStatus } from '@contracts/statuses.js';
import type { DbOrTx } from '../db/index.js';

/**
 * The dashboard's aggregates, read only: every figure is a GROUP BY / COUNT / SUM in the
 * database, on SQLite and PostgreSQL alike. Times are epoch-ms integers, so a UTC day is
 * `created_at / 86400000` (integer division on both: bigint / integer stays bigint in
 * PostgreSQL, whose int8 answers api/db/index.ts parses as numbers). The divisor is written
 * into the SQL text, not bound, so PostgreSQL never guesses a parameter's type.
 */

/** A range of epoch ms, both ends included. */
export interface MsRange {
  fromMs: number;
  toMs: number;
}

/** The UTC day number of a column of epoch ms. */
const dayOf = (column: string): RawBuilder<number> => sql<number>`${sql.ref(column)} / 86400000`;

/** PostgreSQL's SUM of a bigint is a numeric (sent as a string): cast it back to bigint. */
const sumOf = (expr: RawBuilder<unknown> | string): RawBuilder<number> =>
  sql<number>`cast(coalesce(sum(${typeof expr === 'string' ? sql.ref(expr) : expr}), 0) as bigint)`;

const countWhere = (condition: RawBuilder<unknown>): RawBuilder<number> => sumOf(sql`case when ${condition} then 1 else 0 end`);

const num = (v: unknown): number => Number(v ?? 0);

export interface DayCount {
  day: number;
  n: number;
}

/** Accounts created per UTC day of the range. */
export async function newUsersPerDay(db: DbOrTx, r: MsRange): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('users')
    .select([dayOf('users.created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
    .where('created_at', '>=', r.fromMs)
    .where('created_at', '<=', r.toMs)
    .groupBy(dayOf('users.created_at'))
    .execute();
  return rows.map((row) => ({ day: num(row.day), n: num(row.n) }));
}

/** Orders created per UTC day of the range (any status). */
export async function ordersCreatedPerDay(db: DbOrTx, r: MsRange): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('orders')
    .select([dayOf('orders.created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
    .where('created_at', '>=', r.fromMs)
    .where('created_at', '<=', r.toMs)
    .groupBy(dayOf('orders.created_at'))
    .execute();
  return rows.map((row) => ({ day: num(row.day), n: num(row.n) }));
}

/** Orders paid per UTC day of the range, by the time of payment. */
export async function ordersPaidPerDay(db: DbOrTx, r: MsRange): Promise<DayCount[]> {
  const rows = await db
    .selectFrom('orders')
    .select([dayOf('orders.paid_at').as('day'), (eb) => eb.fn.countAll().as('n')])
    .where('paid_at', 'is not', null)
    .where('paid_at', '>=', r.fromMs)
    .where('paid_at', '<=', r.toMs)
    .groupBy(dayOf('orders.paid_at'))
    .execute();
  return rows.map((row) => ({ day: num(row.day), n: num(row.n) }));
}

/** Cents and number of the orders paid in the range (whatever happened to them since), per currency, in no order. */
export async function revenuePerCurrency(db: DbOrTx, r: MsRange): Promise<{ currency: string; amount: number; orders: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['currency', sumOf('amount').as('amount'), (eb) => eb.fn.countAll().as('orders')])
    .where('paid_at', 'is not', null)
    .where('paid_at', '>=', r.fromMs)
    .where('paid_at', '<=', r.toMs)
    .groupBy('currency')
    .execute();
  return rows.map((row) => ({ currency: row.currency, amount: num(row.amount), orders: num(row.orders) }));
}

/** Conversions that were started: an upload never sent to conversion is not one. */
function startedConversions(db: DbOrTx, r: MsRange) {
  return db
    .selectFrom('conversions')
    .where('status', '!=', ConversionStatus.UPLOADED)
    .where('created_at', '>=', r.fromMs)
    .where('created_at', '<=', r.toMs);
}

const outcomeCounts = [
  countWhere(sql`status = ${sql.lit(ConversionStatus.SUCCEEDED)}`).as('succeeded'),
  countWhere(sql`status = ${sql.lit(ConversionStatus.FAILED)}`).as('failed'),
] as const;

export interface OutcomeCounts {
  conversions: number;
  succeeded: number;
  failed: number;
}

/** Conversions started per UTC day of the range, with how many succeeded and failed. */
export async function conversionsPerDay(db: DbOrTx, r: MsRange): Promise<(OutcomeCounts & { day: number })[]> {
  const rows = await startedConversions(db, r)
    .select([dayOf('conversions.created_at').as('day'), (eb) => eb.fn.countAll().as('conversions'), ...outcomeCounts])
    .groupBy(dayOf('conversions.created_at'))
    .execute();
  return rows.map((row) => ({ day: num(row.day), conversions: num(row.conversions), succeeded: num(row.succeeded), failed: num(row.failed) }));
}

/** Conversions started in the range per conversion type (in no order: the service sorts, independent of the database's collation). */
export async function conversionsPerType(db: DbOrTx, r: MsRange): Promise<(OutcomeCounts & { convertType: string })[]> {
  const rows = await startedConversions(db, r)
    .select(['convert_type', (eb) => eb.fn.countAll().as('conversions'), ...outcomeCounts])
    .groupBy('convert_type')
    .execute();
  return rows.map((row) => ({ convertType: row.convert_type, conversions: num(row.conversions), succeeded: num(row.succeeded), failed: num(row.failed) }));
}

/** Conversions started in the range per engine (browser, server). */
export async function conversionsPerEngine(db: DbOrTx, r: MsRange): Promise<{ engine: string; n: number }[]> {
  const rows = await startedConversions(db, r)
    .select(['engine', (eb) => eb.fn.countAll().as('n')])
    .groupBy('engine')
    .execute();
  return rows.map((row) => ({ engine: row.engine, n: num(row.n) }));
}

/** Files on the server's storage now: those of conversions whose files the sweeper has not purged. */
export async function storedFiles(db: DbOrTx): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('conversion_files as f')
    .innerJoin('conversions as c', 'c.id', 'f.conversion_id')
    .select([(eb) => eb.fn.countAll().as('files'), sumOf('f.size').as('bytes')])
    .where('c.files_purged', '=', 0)
    .executeTakeFirstOrThrow();
  return { files: num(row.files), bytes: num(row.bytes) };
}

/** Feedback conversations waiting for staff now. */
export async function openFeedbackCount(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('feedback_conversations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return num(row.n);
}
