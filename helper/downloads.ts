import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { DownloadRequest, DownloadState, DownloadStatus } from '@contracts/local-helper.js';
import { copyStreamToMp4 } from './hls.js';
import { safeFileName, uniquePath } from './paths.js';
import { ProcessError } from './processes.js';
import { ytDlpDownload } from './ytdlp.js';

export interface DownloadDeps {
  basePath: () => string;
  ytDlp: boolean;
  maxBytes: number;
  maxMs: number;
}

/** A failure whose `key` the page shows (videoHelper.errors.*). */
class DownloadFailure extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

const HISTORY = 50;
const MEDIA_EXT: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
  'video/x-matroska': '.mkv',
  'video/mp2t': '.ts',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
};

const isPlaylist = (url: URL, contentType: string) => /mpegurl/i.test(contentType) || url.pathname.toLowerCase().endsWith('.m3u8');

function nameFromResponse(url: URL, res: Response, contentType: string): string {
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  let name = star ? decodeURIComponent(star) : (plain ?? decodeURIComponent(basename(url.pathname)));
  if (extname(name) === '') name += MEDIA_EXT[contentType.split(';')[0]?.trim().toLowerCase() ?? ''] ?? '.mp4';
  return safeFileName(name);
}

interface Running {
  state: DownloadState;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Spec §9: one download at a time. Starting one cancels the running one first (its partial file is
 * removed); the page polls `status()` for progress.
 */
export class DownloadManager {
  private running: Running | null = null;
  private readonly history: DownloadState[] = [];

  constructor(private readonly deps: DownloadDeps) {}

  async start(req: DownloadRequest): Promise<DownloadState> {
    await this.cancel();
    const state: DownloadState = {
      downloadId: randomUUID(),
      url: req.url,
      state: 'running',
      method: null,
      fileName: null,
      filePath: null,
      receivedBytes: 0,
      totalBytes: null,
      progress: null,
      error: null,
      startedAt: new Date().toISOString(),
      endedAt: null,
    };
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(this.deps.maxMs)]);
    const done = this.fetchInto(state, req, signal).then(
      () => {
        state.state = 'succeeded';
        state.progress = 1;
      },
      (error: unknown) => {
        if (controller.signal.aborted) state.state = 'cancelled';
        else {
          state.state = 'failed';
          state.error = error instanceof DownloadFailure ? error.key : signal.aborted ? 'videoHelper.errors.tooSlow' : 'videoHelper.errors.downloadFailed';
        }
      },
    ).finally(() => {
      state.endedAt = new Date().toISOString();
      this.history.unshift(state);
      this.history.splice(HISTORY);
      if (this.running?.state === state) this.running = null;
    });
    this.running = { state, controller, done };
    return { ...state };
  }

  /** Cancels the running download, if any, and waits until its partial file is gone. */
  async cancel(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.controller.abort();
    await running.done;
  }

  status(): DownloadStatus {
    return { current: this.running ? { ...this.running.state } : null, history: this.history.map((s) => ({ ...s })) };
  }

  private async fetchInto(state: DownloadState, req: DownloadRequest, signal: AbortSignal): Promise<void> {
    const dir = this.deps.basePath();
    const url = new URL(req.url);
    if (req.formatId) {
      if (!this.deps.ytDlp) throw new DownloadFailure('videoHelper.errors.needsYtDlp');
      return this.viaYtDlp(state, req, dir, signal);
    }
    let res: Response;
    try {
      res = await fetch(url, { signal, redirect: 'follow' });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new DownloadFailure('videoHelper.errors.unreachable');
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new DownloadFailure('videoHelper.errors.unreachable');
    }
    const contentType = res.headers.get('content-type') ?? '';
    if (isPlaylist(url, contentType)) {
      await res.body?.cancel();
      return this.viaFfmpeg(state, req, dir, signal);
    }
    if (/^text\/html/i.test(contentType)) {
      await res.body?.cancel();
      if (!this.deps.ytDlp) throw new DownloadFailure('videoHelper.errors.needsYtDlp');
      return this.viaYtDlp(state, req, dir, signal);
    }
    return this.direct(state, req, res, contentType, dir, signal);
  }

  private async direct(state: DownloadState, req: DownloadRequest, res: Response, contentType: string, dir: string, signal: AbortSignal): Promise<void> {
    state.method = 'direct';
    const length = Number(res.headers.get('content-length'));
    state.totalBytes = Number.isFinite(length) && length > 0 ? length : null;
    if (state.totalBytes !== null && state.totalBytes > this.deps.maxBytes) {
      await res.body?.cancel();
      throw new DownloadFailure('videoHelper.errors.tooLarge');
    }
    const target = uniquePath(dir, req.fileName ? safeFileName(req.fileName) : nameFromResponse(new URL(res.url || req.url), res, contentType));
    state.fileName = basename(target);
    const part = `${target}.part`;
    const max = this.deps.maxBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        state.receivedBytes += chunk.length;
        if (state.totalBytes) state.progress = Math.min(1, state.receivedBytes / state.totalBytes);
        if (state.receivedBytes > max) callback(new DownloadFailure('videoHelper.errors.tooLarge'));
        else callback(null, chunk);
      },
    });
    if (!res.body) throw new DownloadFailure('videoHelper.errors.downloadFailed');
    try {
      await pipeline(Readable.fromWeb(res.body as NodeWebStream<Uint8Array>), counter, createWriteStream(part, { flags: 'wx' }), { signal });
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
    await rename(part, target);
    state.filePath = target;
  }

  private async viaFfmpeg(state: DownloadState, req: DownloadRequest, dir: string, signal: AbortSignal): Promise<void> {
    state.method = 'hls';
    const stem = basename(new URL(req.url).pathname, '.m3u8');
    const wanted = req.fileName ? safeFileName(req.fileName) : `${safeFileName(stem)}.mp4`;
    const target = uniquePath(dir, extname(wanted) ? wanted : `${wanted}.mp4`);
    state.fileName = basename(target);
    const part = `${target}.part`;
    const overCap = new AbortController();
    try {
      await copyStreamToMp4(req.url, part, AbortSignal.any([signal, overCap.signal]), (p) => {
        state.receivedBytes = p.bytes;
        if (p.duration) state.progress = Math.min(1, p.seconds / p.duration);
        if (p.bytes > this.deps.maxBytes) overCap.abort();
      });
    } catch (error) {
      await rm(part, { force: true });
      if (overCap.signal.aborted) throw new DownloadFailure('videoHelper.errors.tooLarge');
      if (error instanceof ProcessError && !error.aborted) throw new DownloadFailure('videoHelper.errors.playlistFailed');
      throw error;
    }
    await rename(part, target);
    state.filePath = target;
  }

  private async viaYtDlp(state: DownloadState, req: DownloadRequest, dir: string, signal: AbortSignal): Promise<void> {
    state.method = 'ytdlp';
    try {
      const file = await ytDlpDownload(req.url, dir, { fileName: req.fileName ? safeFileName(req.fileName) : undefined, formatId: req.formatId }, signal, (f) => {
        state.progress = f;
      });
      state.filePath = file;
      state.fileName = basename(file);
    } catch (error) {
      if (error instanceof ProcessError && !error.aborted) throw new DownloadFailure('videoHelper.errors.siteFailed');
      throw error;
    }
  }
}
