import type { WritingTool, WritingToolPage, WritingToolQuery, WritingToolSettings, WritingToolUpdate, WritingToolConfig } from '@contracts/admin/writing-tools.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { findWritingTool, updateWritingTool, writingToolRows, type WritingToolRow } from '../repositories/writing-tools.repository.js';
import { recordAudit, type AuditActor } from './audit.service.js';
import { CATALOGUE_TTL_MS, createReadCache } from './read-cache.js';

function toTool(row: WritingToolRow): WritingTool {
  return {
    id: row.id,
    name: row.name,
    nameZh: row.name_zh,
    enabled: row.enabled === 1,
    cost: row.cost,
    config: JSON.parse(row.config_json) as WritingToolConfig,
    updatedAt: row.updated_at > 0 ? new Date(row.updated_at).toISOString() : null,
  };
}

const audited = (t: WritingTool) => ({ enabled: t.enabled, cost: t.cost, config: t.config });

/**
 * The writing (AI) tools: the admin page's list and changes, and `writingToolSettings`, which the
 * AI features call on every use (cached like the conversion catalogue: a change shows at once in
 * this process, within CATALOGUE_TTL_MS on other instances).
 */
export function createWritingToolService(db: Db, now: () => number = Date.now) {
  const cache = createReadCache(CATALOGUE_TTL_MS, async (_: 'all') => new Map((await writingToolRows(db)).map((r) => [r.id, toTool(r)])));

  return {
    /**
     * A tool's settings (enabled, TYPE_API cost per use, configuration), or null for an unknown
     * tool. Callers treat a disabled tool as missing (code 1001) and spend `cost` units per use.
     */
    async writingToolSettings(toolId: string): Promise<WritingToolSettings | null> {
      const tool = (await cache.get('all')).get(toolId);
      return tool ? { enabled: tool.enabled, cost: tool.cost, config: tool.config } : null;
    },

    async list(q: WritingToolQuery): Promise<WritingToolPage> {
      const all = [...(await writingToolRows(db)).map(toTool)];
      const offset = (q.page - 1) * q.pageSize;
      return { list: all.slice(offset, offset + q.pageSize), total: all.length };
    },

    async update(actor: AuditActor, toolId: string, change: WritingToolUpdate): Promise<WritingTool> {
      const updated = await transaction(db, async (tx) => {
        const row = await findWritingTool(tx, toolId);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such writing tool');
        const before = toTool(row);
        const t = now();
        const next: WritingToolRow = {
          ...row,
          ...(change.enabled === undefined ? {} : { enabled: change.enabled ? 1 : 0 }),
          ...(change.cost === undefined ? {} : { cost: change.cost }),
          ...(change.config === undefined ? {} : { config_json: JSON.stringify(change.config) }),
          updated_at: t,
        };
        await updateWritingTool(tx, toolId, { enabled: next.enabled, cost: next.cost, config_json: next.config_json, updated_at: t });
        const after = toTool(next);
        await recordAudit(tx, actor, { action: 'writing-tool.update', targetType: 'writing-tool', targetId: toolId, before: audited(before), after: audited(after) }, t);
        return after;
      });
      cache.invalidate();
      return updated;
    },

    /** Drops the cache (after a change made elsewhere, e.g. by a test). */
    invalidate: () => cache.invalidate(),
  };
}
export type WritingToolService = ReturnType<typeof createWritingToolService>;
