import type { Db } from '../db/index.js';
import { claimSchedule, dueSchedules, type AutomationScheduleRow } from '../repositories/automation-schedules.repository.js';
import { cronOf, dueSlots } from './cron-slots.js';

export interface SchedulerDeps {
  db: Db;
  now: () => number;
  /** Starts the run of one slot (idempotent per schedule and slot). */
  startSlot: (schedule: AutomationScheduleRow, slot: number) => Promise<void>;
  onError: (err: unknown) => void;
}

/**
 * Fires due cron slots. Every instance may tick: a schedule's due slots belong to whichever
 * instance moves its `next_run_at` on first (one conditional UPDATE), and a run's
 * (schedule, slot) pair is unique, so each slot runs once across instances. Slots missed while
 * no instance was up are found at the next tick (they are still due) and caught up, the last
 * MAX_CATCH_UP of them.
 */
export function createScheduler({ db, now, startSlot, onError }: SchedulerDeps) {
  let ticking: Promise<number> | null = null;

  async function tickOnce(): Promise<number> {
    const t = now();
    let started = 0;
    for (const schedule of await dueSchedules(db, t)) {
      if (schedule.next_run_at === null) continue;
      try {
        const { run, next } = dueSlots(cronOf(schedule.cron, schedule.timezone), schedule.next_run_at, t);
        if (!(await claimSchedule(db, schedule.id, schedule.next_run_at, next, run.at(-1) ?? schedule.next_run_at))) continue;
        for (const slot of run) {
          await startSlot(schedule, slot);
          started += 1;
        }
      } catch (err) {
        onError(err);
      }
    }
    return started;
  }

  return {
    /** Runs every due slot now; resolves to how many runs it started. Overlapping calls share one pass. */
    tick(): Promise<number> {
      ticking ??= tickOnce().finally(() => {
        ticking = null;
      });
      return ticking;
    },
    /** Ticks every `intervalMs` until the returned function is called. */
    start(intervalMs = 15_000): () => void {
      void this.tick();
      const timer = setInterval(() => void this.tick(), intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
