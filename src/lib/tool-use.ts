import type { WritingToolId } from '@contracts/admin/writing-tools';
import type { ToolUseResult } from '@contracts/tool-use';
import { apiPost } from './api-client';
import { QUOTA_CODES } from './components/quota-error-notice';

/** One use of a tool spent before a device-side operation; give it back if the operation fails or is cancelled. */
export interface ToolUse {
  useId: string;
  units: number;
  /** Gives the use back (once; later calls do nothing). Never throws: a lost refund must not hide the operation's own error. */
  refund(): Promise<void>;
}

/**
 * Spends one use of `toolId` (its cost in TYPE_API units) for an operation that runs on this
 * device. Quota refusals (1001, 1004) are left to the caller to show with QuotaErrorNotice.
 */
export async function spendToolUse(toolId: WritingToolId, subject: string): Promise<ToolUse> {
  const { useId, units } = await apiPost<ToolUseResult>(`/tools/${encodeURIComponent(toolId)}/uses`, { subject: subject.slice(0, 128) }, { quiet: QUOTA_CODES });
  return toolUseOf(useId, units);
}

/** A use spent earlier (its id kept across a reload), to give back. */
export function toolUseOf(useId: string, units: number): ToolUse {
  let refunded: Promise<void> | null = null;
  return {
    useId,
    units,
    refund() {
      refunded ??= apiPost<null>(`/tools/uses/${encodeURIComponent(useId)}/refund`, undefined, { quiet: true }).then(
        () => undefined,
        () => undefined,
      );
      return refunded;
    },
  };
}
