import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { WritingToolId, WritingToolSettings } from '@contracts/admin/writing-tools.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { TOOL_USE_REFUND_WINDOW_MS } from '@contracts/tool-use.js';
import { transaction, type Db, type DbOrTx } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { deductUnits, liveQuotas, returnUnits, typeRows } from '../repositories/quota.repository.js';
import { findToolUse, insertToolUse, markToolUseRefunded } from '../repositories/tool-uses.repository.js';
import { deviceRefunds } from './device-refund.service.js';
import { CONVERT_PRODUCT } from './quota.service.js';
import type { WritingToolService } from './writing-tools.service.js';

/** The product whose quota AI tools spend first; the converter's "times" pay when it has none. */
export const AI_PRODUCT = 'ai';

/** A disabled or unknown tool answers like a switched-off conversion: 1001 with `switchedOff`. */
export const toolSwitchedOff = (toolId: string) => new AppError(ErrorCode.FEATURE_MISSING, 'This tool is switched off', { toolId, switchedOff: true });

export interface ToolCharge {
  useId: string;
  units: number;
}

/**
 * Quota for the AI (writing) tools: each use spends the tool's `cost` (set by staff in writing
 * tools) in TYPE_API units of the user's live packages: the `ai` product's rows first, then the
 * converter's, earliest-ending first. A use that fails afterwards is refunded exactly once.
 * The same check as a conversion: 1001 when the tool is off or no live package has TYPE_API
 * quota, 1004 when none is left. Nothing is spent on a refusal.
 */
export function createToolUsageService(db: Db, writingTools: WritingToolService, now: () => number = Date.now) {
  async function settingsOf(toolId: WritingToolId): Promise<WritingToolSettings> {
    const settings = await writingTools.writingToolSettings(toolId);
    if (!settings?.enabled) throw toolSwitchedOff(toolId);
    return settings;
  }

  async function chargeIn(tx: DbOrTx, userId: string, toolId: WritingToolId, subject: string, cost: number, t: number, onDevice: boolean): Promise<ToolCharge> {
    const rows = [...(await liveQuotas(tx, userId, AI_PRODUCT, t)), ...(await liveQuotas(tx, userId, CONVERT_PRODUCT, t))];
    const apiRows = typeRows(rows, 'TYPE_API');
    if (apiRows.length === 0) throw new AppError(ErrorCode.FEATURE_MISSING, 'No live package with uses', { toolId });
    for (const row of apiRows) {
      if (row.avail_quota >= cost && (await deductUnits(tx, row.id, cost))) {
        const useId = randomUUID();
        await insertToolUse(tx, { id: useId, user_id: userId, tool_id: toolId, quota_id: row.id, units: cost, subject: subject.slice(0, 128), refunded: 0, created_at: t, on_device: onDevice ? 1 : 0 });
        return { useId, units: cost };
      }
    }
    throw new AppError(ErrorCode.NO_CONVERSIONS_LEFT, 'No uses left');
  }

  return {
    /** The tool's settings, or 1001 when staff switched it off. */
    settings: settingsOf,

    /** Spends one use of `toolId` that the server runs for `userId` (in `tx` when given, so it commits or rolls back with the caller's writes). */
    async charge(userId: string, toolId: WritingToolId, subject: string, tx?: DbOrTx): Promise<ToolCharge> {
      const { cost } = await settingsOf(toolId);
      const t = now();
      return tx ? chargeIn(tx, userId, toolId, subject, cost, t, false) : transaction(db, (inner) => chargeIn(inner, userId, toolId, subject, cost, t, false));
    },

    /** Spends one use of `toolId` for an operation the page runs on the device: the only kind `refundOwn` gives back. */
    async chargeOnDevice(userId: string, toolId: WritingToolId, subject: string): Promise<ToolCharge> {
      const { cost } = await settingsOf(toolId);
      const t = now();
      return transaction(db, (tx) => chargeIn(tx, userId, toolId, subject, cost, t, true));
    },

    /** Gives a use's units back, exactly once however often it is called: for the server's own failures, never capped. */
    async refund(useId: string, tx?: DbOrTx): Promise<void> {
      const work = async (inner: DbOrTx) => {
        const use = await findToolUse(inner, useId);
        if (!use || !(await markToolUseRefunded(inner, useId))) return;
        await returnUnits(inner, use.quota_id, use.units);
      };
      await (tx ? work(tx) : transaction(db, work));
    },

    /**
     * A use given back by the page that spent it (a device-side operation failed or was
     * cancelled): only its owner, only a use spent on the device, only within
     * TOOL_USE_REFUND_WINDOW_MS, only once (again: no change), and only within the day's
     * device-side refund budget (device-refund.service.ts): past it 42902 and the units stay
     * spent. 40404 for anyone else's or an unknown use, so ids cannot be probed.
     */
    async refundOwn(userId: string, useId: string, log: Logger): Promise<void> {
      const t = now();
      const decision = await transaction(db, async (tx) => {
        const use = await findToolUse(tx, useId);
        if (!use || use.user_id !== userId) throw new AppError(ErrorCode.NOT_FOUND, 'No such use');
        if (use.on_device !== 1) throw new AppError(ErrorCode.FORBIDDEN, 'Only a use spent on the device is given back here', { reason: 'notOnDevice' });
        if (t - Number(use.created_at) > TOOL_USE_REFUND_WINDOW_MS) throw new AppError(ErrorCode.FORBIDDEN, 'Too late to give this use back', { reason: 'expired' });
        // Marked first: of parallel calls for one use only the one that flips it asks the budget.
        if (!(await markToolUseRefunded(tx, useId))) return null;
        const d = await deviceRefunds.decide(tx, { kind: 'tool-use', userId, id: useId, units: use.units, what: use.tool_id }, t);
        if (!d.granted) {
          // The refusal is final whatever happens to this transaction, which it rolls back (the use stays unrefunded).
          deviceRefunds.report(log, d);
          throw new AppError(ErrorCode.REFUND_BUDGET_SPENT, 'No refunds of device-side uses left today', { allowed: d.allowed });
        }
        await returnUnits(tx, use.quota_id, use.units);
        return d;
      });
      if (decision) deviceRefunds.report(log, decision);
    },
  };
}
export type ToolUsageService = ReturnType<typeof createToolUsageService>;
