import { mutate } from 'swr';
import { ErrorCode } from '@contracts/error-codes';
import { isApiError } from '../../lib/api-client';
import { appStore } from '../../lib/store';
import { FEATURES_KEY, isLimitKey } from './api';
import { featureMissingAtom, quotaNoticeAtom, tasksAtom, type ConvertTask, type TaskError } from './atoms';

/** Plain-module access to the task list, for the runner that outlives the page. */
export function getTask(id: string): ConvertTask | undefined {
  return appStore.get(tasksAtom).find((t) => t.id === id);
}

export function addTasks(tasks: ConvertTask[]): void {
  appStore.set(tasksAtom, (list) => [...list, ...tasks]);
}

export function patchTask(id: string, patch: Partial<ConvertTask>): void {
  appStore.set(tasksAtom, (list) => list.map((t) => (t.id === id ? { ...t, ...patch } : t)));
}

export function removeTasks(ids: readonly string[]): void {
  appStore.set(tasksAtom, (list) => list.filter((t) => !ids.includes(t.id)));
}

/** The remaining conversions shown on the page (per type too) follow every conversion that spent or refunded one. */
export function refreshLimit(): void {
  void mutate(isLimitKey);
}

const QUOTA_NOTICE_CODES: readonly number[] = [ErrorCode.NO_BATCH, ErrorCode.BATCH_TOO_LARGE, ErrorCode.NO_CONVERSIONS_LEFT, ErrorCode.FILE_TOO_LARGE];

/** Turns a failure of a `convertType` conversion into what the task shows, and raises the page-level quota message when it is one. */
export function toTaskError(error: unknown, fileName: string, convertType: string): TaskError {
  if (!isApiError(error)) return { reason: 'failed' };
  if (error.code === ErrorCode.FEATURE_MISSING && isSwitchedOff(error.data)) {
    // Staff switched the card off: no bundle would help, so no purchase redirect; the page reloads
    // the feature list and shows the card as switched off.
    void mutate(FEATURES_KEY);
  } else if (error.code === ErrorCode.FEATURE_MISSING) appStore.set(featureMissingAtom, convertType);
  if (QUOTA_NOTICE_CODES.includes(error.code)) appStore.set(quotaNoticeAtom, { code: error.code, name: fileName });
  if (error.code === ErrorCode.PAYLOAD_TOO_LARGE) appStore.set(quotaNoticeAtom, { code: ErrorCode.FILE_TOO_LARGE, name: fileName });
  return { code: error.code, data: error.data };
}

const isSwitchedOff = (data: unknown) => typeof data === 'object' && data !== null && (data as { switchedOff?: unknown }).switchedOff === true;

export function failTask(id: string, error: TaskError): void {
  patchTask(id, { status: 'failed', error, progress: undefined, retryAt: undefined });
}
