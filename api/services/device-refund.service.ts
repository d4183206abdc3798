import type { Logger } from 'pino';
import type { DbOrTx } from '../db/index.js';
import { countBrowserConversions, countDeviceToolUses, takeDeviceRefund } from '../repositories/refunds.repository.js';
import { deviceRefundsAllowed } from './refund-policy.js';
import { utcDay } from './utc-day.js';

/** What was used on the device: a browser conversion, or a tool use the page spent. */
export type DeviceUseKind = 'browser-conversion' | 'tool-use';

/** A device-side use whose failure the client reported, asking for its units back. */
export interface DeviceUse {
  kind: DeviceUseKind;
  userId: string;
  /** The conversion's or the tool use's id. */
  id: string;
  units: number;
  /** What it was (the conversion type or the tool id), for the log. */
  what: string;
}

/** The budget's answer: `granted` false when the day's refunds are used up. */
export interface DeviceRefundDecision {
  use: DeviceUse;
  granted: boolean;
  /** The day's budget when asked. */
  allowed: number;
}

/**
 * The one refund rule for every use that ran on the device (browser conversions and tool uses):
 * its failure is only the client's word, so refunds are capped per user and UTC day by
 * refund-policy.ts, counting every device-side use started that day and every device-side
 * refund taken, whichever kind. Server-side failures are the server's own word and never come
 * here.
 */
export const deviceRefunds = {
  /**
   * Takes one refund from `use.userId`'s budget for the day of `now`, in `tx` (so it rolls back
   * with the caller's writes). The caller gives the units back only when granted.
   */
  async decide(tx: DbOrTx, use: DeviceUse, now: number): Promise<DeviceRefundDecision> {
    const { day, start, end } = utcDay(now);
    const started = (await countBrowserConversions(tx, use.userId, start, end)) + (await countDeviceToolUses(tx, use.userId, start, end));
    const allowed = deviceRefundsAllowed(started);
    return { use, granted: await takeDeviceRefund(tx, use.userId, day, allowed), allowed };
  },

  /** Logs a decision once it is committed: every refund and every refusal leaves one line. */
  report(log: Logger, { use, granted, allowed }: DeviceRefundDecision): void {
    const line = { kind: use.kind, userId: use.userId, [use.kind === 'tool-use' ? 'useId' : 'conversionId']: use.id, [use.kind === 'tool-use' ? 'toolId' : 'convertType']: use.what, units: use.units, allowed };
    if (granted) log.info(line, 'device-side refund granted');
    else log.warn({ ...line, reason: 'budget' }, 'device-side refund refused');
  },
};
