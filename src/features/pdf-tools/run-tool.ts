import { ErrorCode } from '@contracts/error-codes';
import { ConversionStatus } from '@contracts/statuses';
import { isApiError } from '../../lib/api-client';
import { completeConversion, getDocument, startBrowserConversion, startServerConversion } from '../../lib/document-api';
import { PdfToolError, runOnDevice, type BrowserPdfToolKey, type ToolFileOutput } from './pdf-worker';
import { isOfflineFailure, knownOffline, runOffline } from './offline/offline-run';
import { uploadFiles } from '../../lib/document-upload';

/** What the page shows while a run goes: the phase, and a fraction when one is known. */
export type RunPhase = 'starting' | 'uploading' | 'working';

export interface RunCallbacks {
  onPhase: (phase: RunPhase) => void;
  onProgress: (fraction: number | undefined) => void;
  signal: AbortSignal;
}

/** A finished run: the file to download, with its size. */
export interface RunResult {
  name: string;
  blob: Blob;
}

const QUEUE_RETRIES = 3;
const POLL_FIRST_MS = 800;
const POLL_MAX_MS = 3000;

const aborted = () => new DOMException('Aborted', 'AbortError');
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(aborted())), { once: true });
  });
}

/**
 * A browser tool: spend the quota (all inputs in one call; the server charges one unit per
 * result), run the tool in the worker, then report the outcome (a failure or a cancel refunds).
 * Nothing is uploaded. Offline, the run spends the offline allowance instead (offline/offline-run.ts).
 */
export async function runDeviceTool(
  key: BrowserPdfToolKey,
  files: File[],
  options: unknown,
  result: { zip: boolean; zipName: string },
  { onPhase, onProgress, signal }: RunCallbacks,
): Promise<RunResult> {
  onPhase('starting');
  const metas = files.map((f) => ({ name: f.name, size: f.size }));
  const produce = () => {
    onPhase('working');
    return runOnDevice(key, files, options, result, { onProgress, signal });
  };
  const asResult = (output: ToolFileOutput): RunResult => ({ name: output.name, blob: new Blob([output.bytes as Uint8Array<ArrayBuffer>], { type: output.mime }) });
  // No network: the run spends the offline allowance instead, recorded once back online (docs/pdf-tools-offline.md).
  if (knownOffline()) return asResult(await runOffline(key, metas, produce));
  let documentId: string;
  try {
    ({ documentId } = await startBrowserConversion(key, metas));
  } catch (error) {
    if (isOfflineFailure(error)) return asResult(await runOffline(key, metas, produce));
    throw error;
  }
  let output;
  try {
    output = await produce();
  } catch (error) {
    const reason = error instanceof PdfToolError ? error.failure.reason : isAbort(error) ? 'cancelled' : 'failed';
    await completeConversion(documentId, { success: false, reason }).catch(() => undefined);
    throw error;
  }
  // The file is made: a failed report only leaves the record converting, so the user still gets it.
  await completeConversion(documentId, { success: true, files: [{ name: output.name, size: output.bytes.byteLength }] }).catch(() => undefined);
  return asResult(output);
}

async function startJob(documentId: string, signal: AbortSignal): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await startServerConversion(documentId);
      return;
    } catch (error) {
      if (!isApiError(error, ErrorCode.QUEUE_FULL) || attempt >= QUEUE_RETRIES) throw error;
      const seconds = Number((error.data as { retryAfter?: unknown } | null)?.retryAfter) || 30;
      await sleep(seconds * 1000, signal);
    }
  }
}

/**
 * A server tool (qpdf, Ghostscript): upload the file with the options, start the job (this spends
 * the quota), follow it until it succeeds or fails, then fetch the result so the page can show
 * its size. A failed job's `reason` comes back as a PdfToolError.
 */
export async function runServerTool(key: string, file: File, options: unknown, { onPhase, onProgress, signal }: RunCallbacks): Promise<RunResult> {
  onPhase('uploading');
  const { documentId } = await uploadFiles(key, [file], { onProgress, signal, options });
  onPhase('working');
  onProgress(undefined);
  await startJob(documentId, signal);
  for (let wait = POLL_FIRST_MS; ; wait = Math.min(POLL_MAX_MS, wait * 1.5)) {
    await sleep(wait, signal);
    let record;
    try {
      record = await getDocument(documentId, signal);
    } catch (error) {
      // A network blip: keep following; any answer of the server's own is final.
      if (isApiError(error) && error.code > 0 && error.code !== ErrorCode.INTERNAL) throw error;
      if (signal.aborted) throw aborted();
      continue;
    }
    if (record.status === ConversionStatus.FAILED) throw new PdfToolError({ reason: record.reason ?? 'failed', message: record.reason ?? 'failed' });
    if (record.status !== ConversionStatus.SUCCEEDED) continue;
    const info = record.output.filesInfos[0];
    if (!info) throw new PdfToolError({ reason: 'emptyOutput', message: 'No result file' });
    const answer = await fetch(info.convertFileUrl, { credentials: 'include', signal });
    if (!answer.ok) throw new PdfToolError({ reason: answer.status === 404 || answer.status === 410 ? 'expired' : 'failed', message: `HTTP ${answer.status}` });
    return { name: info.convertFileName, blob: await answer.blob() };
  }
}
