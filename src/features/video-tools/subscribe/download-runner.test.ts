import { describe, expect, it } from 'vitest';
import type { DownloadState, DownloadStatus } from '@contracts/local-helper';
import type { DownloadUpdate, FeedItem } from '@contracts/video-subscriptions';
import { ApiError } from '../../../lib/api-client';
import { downloadItem, type RunnerPorts } from './download-runner';

const item = (over: Partial<FeedItem> = {}): FeedItem => ({
  itemId: 'i1',
  feedId: 'f1',
  title: 'Clip',
  link: 'https://example.com/clip',
  mediaUrl: 'https://cdn.example.com/clip.mp4',
  downloadUrl: 'https://cdn.example.com/clip.mp4',
  fileName: 'Clip.mp4',
  publishedAt: null,
  foundAt: 0,
  state: 'queued',
  progress: null,
  error: null,
  savedPath: null,
  ...over,
});

const state = (over: Partial<DownloadState>): DownloadState => ({
  downloadId: 'd1',
  url: 'https://cdn.example.com/clip.mp4',
  state: 'running',
  method: 'direct',
  fileName: 'Clip.mp4',
  filePath: null,
  receivedBytes: 0,
  totalBytes: null,
  progress: null,
  error: null,
  startedAt: '2026-01-01T00:00:00Z',
  endedAt: null,
  ...over,
});

/**
 * The helper's answers in order, one per status poll (the helper's HTTP behaviour is tested in
 * helper/; this checks what the panel makes of it). The clock moves one second per poll.
 */
function helperScript(statuses: DownloadStatus[], opts: { refuse?: ApiError } = {}) {
  let clock = 0;
  const reports: Omit<DownloadUpdate, 'itemId'>[] = [];
  const calls: { url: string; fileName?: string }[] = [];
  let cancels = 0;
  const ports: RunnerPorts = {
    download: async (url, o) => {
      if (opts.refuse) throw opts.refuse;
      calls.push({ url, ...o });
      return state({});
    },
    status: async () => statuses.shift() ?? { current: null, history: [] },
    cancel: async () => {
      cancels += 1;
    },
    report: async ({ itemId: _id, ...u }) => {
      reports.push(u);
    },
    sleep: async (ms) => {
      clock += ms;
    },
    now: () => clock,
  };
  return { ports, reports, calls, cancels: () => cancels };
}

describe('downloadItem', () => {
  it('passes the file name for direct media, reports progress every few seconds and the saved path at the end', async () => {
    const running = (p: number) => ({ current: state({ progress: p }), history: [] });
    const h = helperScript([running(0.1), running(0.2), running(0.5), running(0.9), { current: null, history: [state({ state: 'succeeded', filePath: '/home/me/Videos/Clip.mp4', progress: 1 })] }]);
    const seen: (number | null)[] = [];
    expect(await downloadItem(item(), h.ports, () => false, (p) => seen.push(p))).toBe('done');
    expect(h.calls).toEqual([{ url: 'https://cdn.example.com/clip.mp4', fileName: 'Clip.mp4' }]);
    expect(seen).toEqual([0.1, 0.2, 0.5, 0.9]);
    expect(h.reports).toEqual([{ state: 'downloading', progress: 0 }, { state: 'downloading', progress: 0.5 }, { state: 'done', savedPath: '/home/me/Videos/Clip.mp4' }]);
  });

  it('lets a site download name its own file', async () => {
    const h = helperScript([{ current: null, history: [state({ state: 'succeeded', filePath: '/v/x.webm' })] }]);
    await downloadItem(item({ mediaUrl: null, downloadUrl: 'https://www.youtube.com/watch?v=x', fileName: 'Clip' }), h.ports, () => false, () => undefined);
    expect(h.calls).toEqual([{ url: 'https://www.youtube.com/watch?v=x' }]);
  });

  it('ends the run when another download cancelled this one (serial downloads)', async () => {
    const h = helperScript([{ current: state({ downloadId: 'other' }), history: [state({ state: 'cancelled' })] }]);
    expect(await downloadItem(item(), h.ports, () => false, () => undefined)).toBe('stopped');
    expect(h.reports.at(-1)).toEqual({ state: 'failed', error: 'cancelled' });
  });

  it('cancels the helper download when the user stops', async () => {
    const h = helperScript([]);
    expect(await downloadItem(item(), h.ports, () => true, () => undefined)).toBe('stopped');
    expect(h.cancels()).toBe(1);
    expect(h.reports.at(-1)).toEqual({ state: 'failed', error: 'cancelled' });
  });

  it("records the helper's refusal and its failures with their reasons", async () => {
    const refused = helperScript([], { refuse: new ApiError(40301, { reasonKey: 'videoHelper.errors.origin' }, 'refused') });
    expect(await downloadItem(item(), refused.ports, () => false, () => undefined)).toBe('failed');
    expect(refused.reports).toEqual([{ state: 'failed', error: 'videoHelper.errors.origin' }]);
    const failed = helperScript([{ current: null, history: [state({ state: 'failed', error: 'videoHelper.errors.http' })] }]);
    expect(await downloadItem(item(), failed.ports, () => false, () => undefined)).toBe('failed');
    expect(failed.reports.at(-1)).toEqual({ state: 'failed', error: 'videoHelper.errors.http' });
    const gone = helperScript([]);
    gone.ports.status = () => Promise.reject(new Error('connection refused'));
    expect(await downloadItem(item(), gone.ports, () => false, () => undefined)).toBe('stopped');
    expect(gone.reports.at(-1)).toEqual({ state: 'failed', error: 'helperGone' });
  });

  it('fails an item without a download address without calling the helper', async () => {
    const h = helperScript([]);
    expect(await downloadItem(item({ downloadUrl: null, mediaUrl: null, link: null }), h.ports, () => false, () => undefined)).toBe('failed');
    expect(h.calls).toEqual([]);
    expect(h.reports).toEqual([{ state: 'failed', error: 'noDownloadUrl' }]);
  });
});
