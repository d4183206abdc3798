import { Cron } from 'croner';

/** At most this many missed slots of one schedule run after downtime; older ones are skipped. */
export const MAX_CATCH_UP = 3;

/** A cron expression of five fields (minute precision, so a flow runs at most once a minute) in a time zone; throws on a bad one. */
export function cronOf(expression: string, timezone: string): Cron {
  return new Cron(expression, { timezone, paused: true, mode: '5-part' });
}

/** The first slot strictly after `after`, or null when the expression has no more. */
export function nextSlot(cron: Cron, after: number): number | null {
  return cron.nextRun(new Date(after))?.getTime() ?? null;
}

/**
 * The slots from `from` (a due slot) up to `now`, the last MAX_CATCH_UP of them, and the first
 * slot after `now`: what one claim of a due schedule owns.
 */
export function dueSlots(cron: Cron, from: number, now: number): { run: number[]; next: number | null } {
  const all: number[] = [];
  let slot: number | null = from;
  while (slot !== null && slot <= now) {
    all.push(slot);
    if (all.length > MAX_CATCH_UP) all.shift();
    slot = nextSlot(cron, slot);
  }
  return { run: all, next: slot };
}
