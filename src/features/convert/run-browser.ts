import { convertOnDevice } from '../../lib/workers';
import { completeConversion, startBrowserConversion } from '../../lib/document-api';
import type { ConvertTask } from './atoms';
import { throttledProgress } from './progress';
import { failTask, patchTask, refreshLimit, toTaskError } from './task-store';

/**
 * A conversion on the device: the API checks and spends the quota from the file's name and size
 * only, the worker converts, and the outcome is reported (a failure refunds the unit).
 */
export async function runBrowserTask(task: ConvertTask, file: File, signal: AbortSignal): Promise<void> {
  let documentId: string | undefined;
  try {
    ({ documentId } = await startBrowserConversion(task.key, [{ name: file.name, size: file.size }]));
    patchTask(task.id, { documentId, progress: 0 });
    refreshLimit();
    const onProgress = throttledProgress((progress) => patchTask(task.id, { progress }));
    const result = await convertOnDevice(task.target, file, { onProgress, signal });
    if (!result.ok) {
      await completeConversion(documentId, { success: false, reason: result.error.reason }).catch(() => undefined);
      failTask(task.id, { reason: result.error.reason });
      return;
    }
    const { name, mime, bytes, recognised } = result.output;
    // The unit is spent and the file is ready: a lost report must not keep the result from the user.
    await completeConversion(documentId, { success: true, files: [{ name, size: bytes.byteLength }] }).catch(() => undefined);
    patchTask(task.id, { status: 'success', progress: 1, result: { name, blob: new Blob([bytes as BlobPart], { type: mime }), ...(recognised ? { recognised } : {}) } });
  } catch (error) {
    if (documentId) {
      await completeConversion(documentId, { success: false, reason: signal.aborted ? 'cancelled' : 'failed' }).catch(() => undefined);
    }
    if (!signal.aborted) failTask(task.id, toTaskError(error, file.name, task.key));
  } finally {
    refreshLimit();
  }
}
