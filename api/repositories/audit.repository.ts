import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { AuditLogTable } from '../db/schema.js';

/** The one writer of `audit_log`: rows are only ever added, inside the transaction of the change they record. */
export type AuditRow = Selectable<AuditLogTable>;

export async function insertAuditEntry(db: DbOrTx, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  actor?: string | undefined;
  actionPrefix?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  fromMs: number | null;
  toMs: number | null;
}

function filtered(db: DbOrTx, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.actor) q = q.where(sql<string>`lower(actor_name)`, '=', f.actor.toLowerCase());
  // Prefix match without LIKE wildcards from the caller: `bundle` matches `bundle.update`, not `bundles`.
  if (f.actionPrefix) q = q.where((eb) => eb.or([eb('action', '=', f.actionPrefix!), eb(sql<string>`substr(action, 1, ${f.actionPrefix!.length + 1})`, '=', `${f.actionPrefix!}.`)]));
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  if (f.fromMs !== null) q = q.where('created_at', '>=', f.fromMs);
  if (f.toMs !== null) q = q.where('created_at', '<=', f.toMs);
  return q;
}

/** One page of entries, newest first, and how many match in all. */
export async function listAuditEntries(db: DbOrTx, f: AuditFilter, page: { offset: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
