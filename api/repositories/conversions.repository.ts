import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { ConversionsTable } from '../db/schema.js';

export type ConversionRow = Selectable<ConversionsTable>;

export async function insertConversion(db: DbOrTx, row: Insertable<ConversionsTable>): Promise<void> {
  await db.insertInto('conversions').values(row).execute();
}

export function findConversion(db: DbOrTx, id: string, userId: string) {
  return db.selectFrom('conversions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Moves a conversion out of 'converting' once; false when it had already ended. */
export async function finishConversion(db: DbOrTx, id: string, patch: Updateable<ConversionsTable>): Promise<boolean> {
  const res = await db.updateTable('conversions').set(patch).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a conversion refunded once; false when it already was. */
export async function markRefunded(db: DbOrTx, id: string): Promise<boolean> {
  const res = await db.updateTable('conversions').set({ refunded: 1 }).where('id', '=', id).where('refunded', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function pageConversions(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const list = await db
    .selectFrom('conversions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '>', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { n } = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '>', 0)
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

/** A conversion by id alone (jobs, which act for no signed-in user). */
export function findConversionById(db: DbOrTx, id: string) {
  return db.selectFrom('conversions').selectAll().where('id', '=', id).executeTakeFirst();
}
