import type { Db } from '../db/index.js';
import { markShotsPurged, runsWithShotsDue } from '../repositories/automation-runs.repository.js';
import type { RunFiles } from './run-files.js';

/** How long a finished run's screenshots are kept: the three hours conversion files are kept. */
export const SHOTS_KEPT_MS = 3 * 60 * 60 * 1000;

/**
 * Deletes the screenshots of every run that ended more than three hours ago and marks the run,
 * so its history no longer links them. Idempotent and safe on several instances at once (removal
 * ignores missing files, the mark is conditional); catches up after downtime since it works from
 * `finished_at`.
 */
export async function sweepRunScreenshots(db: Db, files: RunFiles, now: number, batch = 200): Promise<number> {
  let swept = 0;
  for (;;) {
    const due = await runsWithShotsDue(db, now - SHOTS_KEPT_MS, batch);
    for (const id of due) {
      await files.remove(id);
      await markShotsPurged(db, id, now);
    }
    swept += due.length;
    if (due.length < batch) return swept;
  }
}
