import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes';
import type { DownloadState, HelperConfig } from '@contracts/local-helper';
import { makeHls, startHelperUnderTest, startMediaServer, waitForDownload, type HelperUnderTest, type MediaServer } from '../tests/helpers/local-helper-kit';
import { makeClip, probeFile } from '../tests/helpers/video-fixtures';

describe('local helper: downloads by URL (serial, spec §9)', () => {
  let kit: HelperUnderTest;
  let media: MediaServer;
  let fixtures: string;
  let clip: string;
  let base: string;

  beforeAll(async () => {
    fixtures = mkdtempSync(join(tmpdir(), 'video-helper-media-'));
    clip = makeClip(fixtures, { seconds: 4, width: 320, height: 240, fps: 25 }, 'clip.mp4');
    makeHls(clip, fixtures);
    media = await startMediaServer(fixtures);
    kit = await startHelperUnderTest();
    await kit.pair();
    base = (await kit.call<HelperConfig>('GET', '/config')).data.basePath;
  });
  afterAll(async () => {
    await kit.close();
    await media.close();
    rmSync(fixtures, { recursive: true, force: true });
  });

  it('streams a direct media file into the base path, byte for byte', async () => {
    const started = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/clip.mp4` });
    expect(started.code).toBe(200);
    expect(started.data.state).toBe('running');
    const done = await waitForDownload<DownloadState>(kit, started.data.downloadId);
    expect(done).toMatchObject({ state: 'succeeded', method: 'direct', fileName: 'clip.mp4', progress: 1, error: null });
    expect(done.filePath).toBe(join(base, 'clip.mp4'));
    expect(readFileSync(join(base, 'clip.mp4')).equals(readFileSync(clip))).toBe(true);
    expect(done.receivedBytes).toBe(statSync(clip).size);
  });

  it('never overwrites: a second copy gets a new name, and a chosen name is kept safe', async () => {
    const again = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/clip.mp4`, fileName: '../../escape.mp4' });
    const done = await waitForDownload<DownloadState>(kit, again.data.downloadId);
    expect(done.state).toBe('succeeded');
    expect(done.filePath).toBe(join(base, 'escape.mp4'));
    const third = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/clip.mp4` });
    expect((await waitForDownload<DownloadState>(kit, third.data.downloadId)).fileName).toBe('clip-1.mp4');
  });

  it('copies an HLS playlist into one MP4 with the system ffmpeg', async () => {
    const started = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/hls/index.m3u8` });
    const done = await waitForDownload<DownloadState>(kit, started.data.downloadId);
    expect(done).toMatchObject({ state: 'succeeded', method: 'hls', fileName: 'index.mp4' });
    const probed = probeFile(done.filePath as string);
    expect(probed.videoCodec).toBe('h264');
    expect(probed.hasAudio).toBe(true);
    expect(Math.abs(probed.duration - 4)).toBeLessThan(0.2);
  });

  it('cancels the running download when a second one starts, and removes its partial file', async () => {
    const slow = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/slow.bin` });
    await new Promise((r) => setTimeout(r, 400));
    const running = await kit.call<{ current: DownloadState | null }>('GET', '/video/download/status');
    expect(running.data.current?.downloadId).toBe(slow.data.downloadId);
    expect(running.data.current?.receivedBytes).toBeGreaterThan(0);
    expect(running.data.current?.totalBytes).toBe(1024 * 1024);
    const second = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/clip.mp4`, fileName: 'second.mp4' });
    expect(second.code).toBe(200);
    const first = await waitForDownload<DownloadState>(kit, slow.data.downloadId);
    expect(first.state).toBe('cancelled');
    expect(existsSync(join(base, 'slow.bin.part'))).toBe(false);
    expect(existsSync(join(base, 'slow.bin'))).toBe(false);
    expect((await waitForDownload<DownloadState>(kit, second.data.downloadId)).state).toBe('succeeded');
  });

  it('cancels on request', async () => {
    const slow = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/slow.bin`, fileName: 'cancel-me.bin' });
    await new Promise((r) => setTimeout(r, 200));
    const after = await kit.call<{ current: DownloadState | null; history: DownloadState[] }>('POST', '/video/download/cancel', {});
    expect(after.data.current).toBeNull();
    expect(after.data.history[0]).toMatchObject({ downloadId: slow.data.downloadId, state: 'cancelled' });
    expect(readdirSync(base).some((n) => n.startsWith('cancel-me'))).toBe(false);
  });

  it('refuses other schemes and says what failed', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/x.mp4', 'not a url']) {
      const res = await kit.call('POST', '/video/download', { url });
      expect(res.code, url).toBe(ErrorCode.VALIDATION_FAILED);
      expect((res.data as { url: string }).url).toMatch(/^videoHelper\.errors\.url(Scheme|Invalid)$/);
    }
    const missing = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/nope.mp4` });
    expect(await waitForDownload<DownloadState>(kit, missing.data.downloadId)).toMatchObject({ state: 'failed', error: 'videoHelper.errors.unreachable' });
    const page = await kit.call<DownloadState>('POST', '/video/download', { url: `${media.url}/page.html` });
    expect(await waitForDownload<DownloadState>(kit, page.data.downloadId)).toMatchObject({ state: 'failed', error: 'videoHelper.errors.needsYtDlp' });
  });

  it('stops a download over the size cap', async () => {
    const small = await startHelperUnderTest({ HELPER_MAX_DOWNLOAD_BYTES: '1000' });
    try {
      await small.pair();
      const res = await small.call<DownloadState>('POST', '/video/download', { url: `${media.url}/clip.mp4` });
      expect(await waitForDownload<DownloadState>(small, res.data.downloadId)).toMatchObject({ state: 'failed', error: 'videoHelper.errors.tooLarge' });
    } finally {
      await small.close();
    }
  });

  it('describes a media URL for the YouTube page: duration, size, thumbnail', async () => {
    const res = await kit.call<{ title: string; duration: number; thumbnail: string; method: string; formats: Array<{ width: number; height: number }> }>('POST', '/video/info', { url: `${media.url}/clip.mp4` });
    expect(res.code).toBe(200);
    expect(res.data.title).toBe('clip.mp4');
    expect(res.data.method).toBe('direct');
    expect(Math.abs(res.data.duration - 4)).toBeLessThan(0.2);
    expect(res.data.formats[0]).toMatchObject({ width: 320, height: 240 });
    expect(res.data.thumbnail).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const hls = await kit.call<{ method: string }>('POST', '/video/info', { url: `${media.url}/hls/index.m3u8` });
    expect(hls.data.method).toBe('hls');
    const page = await kit.call('POST', '/video/info', { url: `${media.url}/page.html` });
    expect(page.data).toEqual({ url: 'videoHelper.errors.needsYtDlp' });
  });
});
