import { ErrorCode } from '@contracts/error-codes';
import { extensionOf } from '@contracts/convert-catalogue';
import type { Limit } from '@contracts/quota';

export type RefusalReason = 'type' | 'tooLarge' | 'empty';

export interface Refusal {
  name: string;
  reason: RefusalReason;
}

export interface Intake<F> {
  accepted: F[];
  refused: Refusal[];
  /** The quota message to show (1002 no batch, 1003 batch too large, 1005 a file too large). */
  quotaCode?: number;
}

/**
 * Checks dropped or picked files before anything is sent: files of other types, empty files and
 * files over the package's size are refused by name; several files at once need a package with
 * batches (1002), and at most its batch count (1003), or none of them is taken. Without a known
 * limit (still loading) only the type is checked: the server checks the rest.
 */
export function checkFiles<F extends { name: string; size: number }>(
  files: readonly F[],
  acceptedExtensions: readonly string[],
  limit?: Limit,
  /** Staff's size cap for the card (bytes), checked even while the package's limit loads. */
  cardCap: number | null = null,
): Intake<F> {
  const refused: Refusal[] = [];
  let quotaCode: number | undefined;
  const accepted = files.filter((file) => {
    let reason: RefusalReason | undefined;
    if (!acceptedExtensions.includes(extensionOf(file.name))) reason = 'type';
    else if (file.size === 0) reason = 'empty';
    else if (limit && limit.maxFileSize > 0 && file.size > limit.maxFileSize) reason = 'tooLarge';
    else if (cardCap !== null && file.size > cardCap) reason = 'tooLarge';
    if (reason === 'tooLarge') quotaCode = ErrorCode.FILE_TOO_LARGE;
    if (reason) refused.push({ name: file.name, reason });
    return !reason;
  });
  if (limit && accepted.length > 1) {
    if (!limit.batch) return { accepted: [], refused, quotaCode: ErrorCode.NO_BATCH };
    if (limit.maxBatchCount > 0 && accepted.length > limit.maxBatchCount) return { accepted: [], refused, quotaCode: ErrorCode.BATCH_TOO_LARGE };
  }
  return { accepted, refused, ...(quotaCode ? { quotaCode } : {}) };
}
