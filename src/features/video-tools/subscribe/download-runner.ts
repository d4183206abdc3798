import type { DownloadState, DownloadStatus } from '@contracts/local-helper';
import type { DownloadUpdate, FeedItem } from '@contracts/video-subscriptions';
import { isApiError } from '../../../lib/api-client';

/** What the runner needs from the local helper and the server; the panel passes the real ones. */
export interface RunnerPorts {
  download(url: string, opts: { fileName?: string }): Promise<DownloadState>;
  status(): Promise<DownloadStatus>;
  cancel(): Promise<unknown>;
  report(update: DownloadUpdate): Promise<unknown>;
  sleep(ms: number): Promise<void>;
  now(): number;
}

export type ItemOutcome = 'done' | 'failed' | 'stopped';

/** How often the helper is asked for progress, and how often progress is passed on to the server. */
const POLL_MS = 1000;
const REPORT_EVERY_MS = 3000;

/** A failed report must not end a download that is going well; the next one carries the state. */
const quietly = (p: Promise<unknown>) => p.then(() => undefined, () => undefined);

function helperErrorKey(error: unknown): string {
  if (isApiError(error)) {
    const data = error.data as { reasonKey?: unknown } | null;
    if (typeof data?.reasonKey === 'string') return data.reasonKey;
    return `errors.${error.code}`;
  }
  return 'failed';
}

/**
 * Downloads one feed item through the local helper and tells the server how it went
 * (POST /video/download/update): downloading with progress, then done with the saved path or
 * failed with the reason. The helper runs one download at a time (spec §9), so a download
 * started elsewhere cancels this one: that ends the run ('stopped') rather than fighting it.
 */
export async function downloadItem(item: FeedItem, ports: RunnerPorts, isStopped: () => boolean, onProgress: (p: number | null) => void): Promise<ItemOutcome> {
  const report = (u: Omit<DownloadUpdate, 'itemId'>) => quietly(ports.report({ itemId: item.itemId, ...u }));
  if (!item.downloadUrl) {
    await report({ state: 'failed', error: 'noDownloadUrl' });
    return 'failed';
  }
  let started: DownloadState;
  try {
    // The name carries the media's extension only for direct files; sites (yt-dlp) name their own files.
    started = await ports.download(item.downloadUrl, item.mediaUrl ? { fileName: item.fileName } : {});
  } catch (error) {
    await report({ state: 'failed', error: helperErrorKey(error) });
    return 'failed';
  }
  await report({ state: 'downloading', progress: 0 });
  let lastReport = ports.now();
  for (;;) {
    await ports.sleep(POLL_MS);
    if (isStopped()) {
      await quietly(ports.cancel());
      await report({ state: 'failed', error: 'cancelled' });
      return 'stopped';
    }
    let status: DownloadStatus;
    try {
      status = await ports.status();
    } catch {
      await report({ state: 'failed', error: 'helperGone' });
      return 'stopped';
    }
    const mine = status.current?.downloadId === started.downloadId ? status.current : status.history.find((d) => d.downloadId === started.downloadId);
    if (!mine) {
      await report({ state: 'failed', error: 'lost' });
      return 'failed';
    }
    if (mine.state === 'running') {
      onProgress(mine.progress);
      if (ports.now() - lastReport >= REPORT_EVERY_MS) {
        lastReport = ports.now();
        await report({ state: 'downloading', ...(mine.progress !== null ? { progress: mine.progress } : {}) });
      }
      continue;
    }
    if (mine.state === 'succeeded') {
      await report({ state: 'done', ...(mine.filePath ? { savedPath: mine.filePath } : {}) });
      return 'done';
    }
    await report({ state: 'failed', error: mine.state === 'cancelled' ? 'cancelled' : (mine.error ?? 'failed') });
    return mine.state === 'cancelled' ? 'stopped' : 'failed';
  }
}
