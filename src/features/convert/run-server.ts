import { ErrorCode } from '@contracts/error-codes';
import { ConversionStatus } from '@contracts/statuses';
import { isApiError } from '../../lib/api-client';
import type { History } from '@contracts/documents';
import { getDocument, startServerConversion } from '../../lib/document-api';
import type { ConvertTask } from './atoms';
import { sleep, throttledProgress } from './progress';
import { forgetServerTasks, rememberServerTask } from './task-storage';
import { failTask, patchTask, refreshLimit, toTaskError } from './task-store';
import { uploadFiles } from '../../lib/document-upload';

const QUEUE_RETRIES = 3;
const POLL_FIRST_MS = 800;
const POLL_MAX_MS = 3000;

/** Starts the uploaded job; a full queue (50301) is waited out as the server asks, a few times. */
async function startJob(taskId: string, documentId: string, signal: AbortSignal): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await startServerConversion(documentId);
      patchTask(taskId, { retryAt: undefined });
      return;
    } catch (error) {
      if (!isApiError(error, ErrorCode.QUEUE_FULL) || attempt >= QUEUE_RETRIES) throw error;
      const seconds = Number((error.data as { retryAfter?: unknown } | null)?.retryAfter) || 30;
      patchTask(taskId, { retryAt: Date.now() + seconds * 1000 });
      await sleep(seconds * 1000, signal);
    }
  }
}

/**
 * A conversion on the server: upload with progress, start the job (this spends the quota), then
 * follow it. The task is remembered once started, so leaving the page does not lose it.
 * Resolves when the job is running; `watchServerTask` follows it from there.
 */
export async function runServerTask(task: ConvertTask, file: File, signal: AbortSignal): Promise<boolean> {
  try {
    const onProgress = throttledProgress((progress) => patchTask(task.id, { progress }));
    const { documentId } = await uploadFiles(task.key, [file], { onProgress, signal });
    patchTask(task.id, { documentId, status: 'converting', progress: undefined });
    await startJob(task.id, documentId, signal);
    rememberServerTask({ documentId, name: task.name, key: task.key, target: task.target, size: task.size, createdAt: Date.now() });
    refreshLimit();
    return true;
  } catch (error) {
    if (!signal.aborted) failTask(task.id, toTaskError(error, file.name, task.key));
    return false;
  }
}

/** Polls GET /document/{id} until the job succeeds or fails (status 3 or 2). */
export async function watchServerTask(taskId: string, documentId: string, signal: AbortSignal): Promise<void> {
  let wait = POLL_FIRST_MS;
  try {
    for (;;) {
      await sleep(wait, signal);
      wait = Math.min(POLL_MAX_MS, wait * 1.5);
      let record: History;
      try {
        record = await getDocument(documentId, signal);
      } catch (error) {
        // A network blip: keep following. The record being gone (or someone else's): stop.
        if (isApiError(error) && error.code > 0 && error.code !== ErrorCode.INTERNAL) {
          forgetServerTasks([documentId]);
          return failTask(taskId, { code: error.code });
        }
        continue;
      }
      if (record.expired) return failTask(taskId, { reason: 'expired' });
      if (record.status === ConversionStatus.FAILED) return (failTask(taskId, { reason: record.reason ?? 'failed' }), refreshLimit());
      if (record.status === ConversionStatus.SUCCEEDED) {
        const info = record.output.filesInfos[0];
        if (!info) return failTask(taskId, { reason: 'emptyOutput' });
        const result = { name: info.convertFileName, url: info.convertFileUrl, validUntil: info.validityPeriod, ...(info.recognised ? { recognised: info.recognised } : {}) };
        return patchTask(taskId, { status: 'success', progress: 1, result });
      }
    }
  } catch {
    // Aborted: the task was deleted.
  }
}
