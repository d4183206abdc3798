import { transaction, type Db } from '../db/index.js';
import { findConversionById, finishConversion } from '../repositories/conversions.repository.js';
import { refundOnce } from '../services/conversion.service.js';

/**
 * Counts one more start of a server conversion. A job found converting at start-up was
 * interrupted (a crash, a stop past its grace); a document that brings the process down every
 * time must not be retried forever, so past `maxAttempts` starts it is failed and refunded.
 * Resolves true when the job should run.
 */
export async function beginAttempt(db: Db, id: string, maxAttempts: number, now: number): Promise<boolean> {
  return transaction(db, async (tx) => {
    const row = await findConversionById(tx, id);
    if (!row || row.status !== 1) return false;
    if (row.attempts >= maxAttempts) {
      if (await finishConversion(tx, id, { status: 2, failure_reason: 'failedRepeatedly', updated_at: now })) await refundOnce(tx, row);
      return false;
    }
    await tx.updateTable('conversions').set({ attempts: row.attempts + 1 }).where('id', '=', id).execute();
    return true;
  });
}

/** A start that a graceful stop cut short does not count against the job. */
export async function releaseAttempt(db: Db, id: string): Promise<void> {
  await db.updateTable('conversions').set((eb) => ({ attempts: eb('attempts', '-', 1) })).where('id', '=', id).where('status', '=', 1).where('attempts', '>', 0).execute();
}
