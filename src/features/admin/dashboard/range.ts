import { dayNumber, dayOfNumber, statsRangeProblem } from '@contracts/admin/stats';
import { queryString } from '../common/admin-api';
import type { DateRange } from '../common/date-range-fields';

/** The quick ranges offered above the custom one, in days ending today (UTC). */
export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = 30;

/** The dashboard's choice: a preset, or the days typed into the custom fields. */
export interface RangeChoice {
  preset: Preset | 'custom';
  range: DateRange;
}

/** The last `days` UTC days, today included (the server reads days in UTC too). */
export function presetRange(days: Preset, nowMs = Date.now()): DateRange {
  const today = dayNumber(nowMs);
  return { from: dayOfNumber(today - days + 1), to: dayOfNumber(today) };
}

export const initialChoice = (nowMs = Date.now()): RangeChoice => ({ preset: DEFAULT_PRESET, range: presetRange(DEFAULT_PRESET, nowMs) });

/** What is wrong with a custom range, `{field: messageKey}` as the server's 40001 says it; null when it can be asked for. */
export function rangeProblem(range: DateRange): Record<string, string> | null {
  if (!range.from) return { from: 'adminDashboard.range.required' };
  if (!range.to) return { to: 'adminDashboard.range.required' };
  return statsRangeProblem(range.from, range.to);
}

/** The SWR key of a range: null (nothing asked) while the custom range is incomplete or refused. */
export function statsKey(range: DateRange): string | null {
  return rangeProblem(range) ? null : `/admin/stats${queryString({ from: range.from, to: range.to })}`;
}
