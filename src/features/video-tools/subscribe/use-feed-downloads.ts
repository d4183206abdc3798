import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedItem } from '@contracts/video-subscriptions';
import { localHelper } from '../../../lib/local-helper-client';
import { reportDownload, startDownloads } from './api';
import { downloadItem, type RunnerPorts } from './download-runner';

export interface RunProgress {
  item: FeedItem;
  index: number;
  total: number;
  progress: number | null;
}

export type RunResult = { kind: 'finished'; done: number; failed: number } | { kind: 'stopped' } | { kind: 'nothing' };

const ports: RunnerPorts = {
  download: (url, opts) => localHelper.download(url, opts),
  status: () => localHelper.status(),
  cancel: () => localHelper.cancel(),
  report: reportDownload,
  sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
  now: () => Date.now(),
};

/**
 * Runs the queue of feed items through the local helper, one at a time: the server queues them
 * (POST /video/download/start) and hears how each went; `onChange` refreshes the lists after each.
 */
export function useFeedDownloads(onChange: () => void) {
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const stopped = useRef(false);
  const running = useRef(false);

  // Leaving the page stops the loop (the helper finishes or keeps the file it is writing).
  useEffect(
    () => () => {
      stopped.current = true;
    },
    [],
  );

  const run = useCallback(
    async (selection: { itemIds?: string[]; feedId?: string }) => {
      if (running.current) return;
      running.current = true;
      stopped.current = false;
      setResult(null);
      try {
        const { items } = await startDownloads(selection);
        onChange();
        if (items.length === 0) {
          setResult({ kind: 'nothing' });
          return;
        }
        let done = 0;
        let failed = 0;
        for (const [index, item] of items.entries()) {
          setProgress({ item, index: index + 1, total: items.length, progress: null });
          const outcome = await downloadItem(item, ports, () => stopped.current, (p) => setProgress({ item, index: index + 1, total: items.length, progress: p }));
          onChange();
          if (outcome === 'stopped') {
            setResult({ kind: 'stopped' });
            return;
          }
          if (outcome === 'done') done += 1;
          else failed += 1;
        }
        setResult({ kind: 'finished', done, failed });
      } catch {
        // The API client already showed the server's refusal of the queue; nothing was started.
      } finally {
        running.current = false;
        setProgress(null);
        onChange();
      }
    },
    [onChange],
  );

  const stop = useCallback(() => {
    stopped.current = true;
  }, []);

  return { run, stop, progress, result, busy: progress !== null };
}
