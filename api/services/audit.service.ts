import { randomUUID } from 'node:crypto';
import { dateRangeMs } from '@contracts/admin/common.js';
import type { AuditEntry, AuditPage, AuditQuery } from '@contracts/admin/audit.js';
import type { Db, DbOrTx } from '../db/index.js';
import { insertAuditEntry, listAuditEntries, type AuditRow } from '../repositories/audit.repository.js';

/** The staff member making a change: the session's user. */
export interface AuditActor {
  /** users.id */
  id: string;
  /** The public user id, kept in the entry as it was then. */
  name: string;
}

export interface AuditChange {
  /** `<area>.<verb>`, e.g. 'bundle.update', 'order.refund', 'user.disable'. */
  action: string;
  targetType: string;
  targetId: string;
  /** The record before the change (null for a creation). */
  before: unknown;
  /** The record after the change (null for a deletion). */
  after: unknown;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so that the
 * change and its entry commit together or not at all.
 */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, change: AuditChange, at: number): Promise<void> {
  await insertAuditEntry(tx, {
    id: randomUUID(),
    actor_id: actor.id,
    actor_name: actor.name,
    action: change.action,
    target_type: change.targetType,
    target_id: change.targetId,
    before_json: change.before === null || change.before === undefined ? null : JSON.stringify(change.before),
    after_json: change.after === null || change.after === undefined ? null : JSON.stringify(change.after),
    created_at: at,
  });
}

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: parse(row.before_json),
    after: parse(row.after_json),
    createTime: new Date(row.created_at).toISOString(),
  };
}

/** Reading the audit log: filtered and paged on the server. */
export function createAuditService(db: Db) {
  return {
    async list(q: AuditQuery): Promise<AuditPage> {
      const { fromMs, toMs } = dateRangeMs(q.from, q.to);
      const { rows, total } = await listAuditEntries(
        db,
        { actor: q.actor, actionPrefix: q.action, targetType: q.targetType, targetId: q.targetId, fromMs, toMs },
        { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
      );
      return { list: rows.map(toEntry), total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
