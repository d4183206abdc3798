import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes';
import type { HelperConfig, HelperFileList, HelperJob, HelperJobList, HelperMediaInfo, RevealResult } from '@contracts/local-helper';
import { startHelperUnderTest, type HelperUnderTest } from '../tests/helpers/local-helper-kit';
import { makeClip, probeFile } from '../tests/helpers/video-fixtures';
import { progressSeconds } from './job-context';

const ffprobeErrors = (file: string) => spawnSync('ffprobe', ['-v', 'error', file], { encoding: 'utf8' }).stderr.trim();

describe('local helper jobs: files, probe, trim/split/crop/frames/merge with progress and cancel', () => {
  let kit: HelperUnderTest;
  let base: string;

  const run = async (kind: string, params: unknown): Promise<HelperJob> => {
    const started = await kit.call<HelperJob>('POST', '/jobs', { kind, params });
    if (started.code !== 200) throw new Error(`job refused: ${JSON.stringify(started)}`);
    return waitFor(started.data.jobId);
  };
  const waitFor = async (jobId: string, timeoutMs = 60_000): Promise<HelperJob> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const job = (await kit.call<HelperJobList>('GET', '/jobs')).data.jobs.find((j) => j.jobId === jobId);
      if (job && job.state !== 'running') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${jobId} did not end`);
  };

  beforeAll(async () => {
    kit = await startHelperUnderTest({ HELPER_OPEN_FOLDERS: '0' });
    await kit.pair();
    base = (await kit.call<HelperConfig>('GET', '/config')).data.basePath;
    mkdirSync(join(base, 'sub'), { recursive: true });
    copyFileSync(makeClip(join(kit.home, 'src'), { seconds: 6, width: 320, height: 240, fps: 25, keyframeEvery: 2 }, 'a.mp4'), join(base, 'a.mp4'));
    copyFileSync(makeClip(join(kit.home, 'src'), { seconds: 3, width: 640, height: 360, fps: 30, keyframeEvery: 1, tone: 660 }, 'c.mp4'), join(base, 'sub', 'c.mp4'));
    symlinkSync('/etc/hostname', join(base, 'escape.mp4'));
  });
  afterAll(async () => {
    await kit.close();
  });

  it('reads progress lines of ffmpeg', () => {
    expect(progressSeconds('out_time_us=2500000')).toBe(2.5);
    expect(progressSeconds('out_time=00:00:02.500000')).toBeNull();
    expect(progressSeconds('progress=end')).toBeNull();
  });

  it('lists the videos in the base path (not links leading out of it) and probes one', async () => {
    const list = await kit.call<HelperFileList>('GET', '/files');
    expect(list.code).toBe(200);
    expect(list.data.files.map((f) => f.path).sort()).toEqual(['a.mp4', 'sub/c.mp4']);
    expect(list.data.files.find((f) => f.path === 'a.mp4')?.size).toBeGreaterThan(1000);
    const info = await kit.call<HelperMediaInfo>('POST', '/video/probe', { file: 'sub/c.mp4' });
    expect(info.data.video).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(Math.abs(info.data.duration - 3)).toBeLessThan(0.1);
    const outside = await kit.call('POST', '/video/probe', { file: '../../etc/passwd' });
    expect(outside.data).toEqual({ file: 'videoHelper.errors.outsideBase' });
    const link = await kit.call('POST', '/jobs', { kind: 'crop', params: { file: 'escape.mp4', rect: { x: 0, y: 0, width: 16, height: 16 } } });
    expect(link.data).toEqual({ file: 'videoHelper.errors.outsideBase' });
  });

  it('trims (lossless, exact, smart) as jobs', async () => {
    for (const mode of ['lossless', 'exact', 'smart'] as const) {
      const job = await run('trim', { file: 'a.mp4', start: 1, end: 3.5, mode });
      expect(job.state, mode).toBe('succeeded');
      expect(job.progress).toBe(1);
      const out = job.files[0] as string;
      expect(ffprobeErrors(out)).toBe('');
      // Lossless starts on the keyframe before 1 s (0 s), the others on the frame asked for.
      // (A copy keeps whole audio frames and the first packets, so its length is looser.)
      expect(Math.abs(probeFile(out).duration - (mode === 'lossless' ? 3.5 : 2.5)), mode).toBeLessThan(mode === 'lossless' ? 0.25 : 0.15);
    }
  });

  it('splits, crops and takes frames as jobs', async () => {
    const split = await run('split', { file: 'a.mp4', cutType: 'parts', value: 3 });
    expect(split.files).toHaveLength(3);
    for (const f of split.files) expect(ffprobeErrors(f)).toBe('');
    const crop = await run('crop', { file: 'sub/c.mp4', rect: { x: 101, y: 20, width: 301, height: 201 } });
    expect(crop.state).toBe('succeeded');
    expect(probeFile(crop.files[0] as string)).toMatchObject({ width: 300, height: 200, videoCodec: 'h264', hasAudio: true });
    const frames = await run('frames', { mode: 'every', file: 'a.mp4', seconds: 2 });
    expect(frames.files).toHaveLength(3);
  });

  it('merges clips of different sizes and rates into the first one’s, and copies matching ones', async () => {
    const mixed = await run('merge', { files: ['a.mp4', 'sub/c.mp4'] });
    expect(mixed.state).toBe('succeeded');
    expect(mixed.copied).toBe(false);
    const out = probeFile(mixed.files[0] as string);
    expect(out).toMatchObject({ width: 320, height: 240, hasAudio: true });
    expect(Math.abs(out.duration - 9)).toBeLessThan(0.15);
    const same = await run('merge', { files: ['a.mp4', 'a.mp4'] });
    expect(same.copied).toBe(true);
    expect(Math.abs(probeFile(same.files[0] as string).duration - 12)).toBeLessThan(0.15);
    const target = await run('merge', { files: ['a.mp4', 'sub/c.mp4'], target: { width: 640, height: 360, fps: 30, fit: 'crop' } });
    expect(probeFile(target.files[0] as string)).toMatchObject({ width: 640, height: 360 });
  });

  it('reports progress of a long job, and cancelling it removes its partial results', async () => {
    copyFileSync(makeClip(join(kit.home, 'src'), { seconds: 60, width: 320, height: 240, fps: 25, keyframeEvery: 2 }, 'long.mp4'), join(base, 'long.mp4'));
    const started = await kit.call<HelperJob>('POST', '/jobs', { kind: 'merge', params: { files: ['long.mp4', 'long.mp4'], target: { width: 1280, height: 720, fps: 30, fit: 'pad' } } });
    expect(started.data.state).toBe('running');
    let seen: HelperJob | undefined;
    for (let i = 0; i < 300 && !(seen && seen.progress > 0); i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = (await kit.call<HelperJobList>('GET', '/jobs')).data.jobs.find((j) => j.jobId === started.data.jobId);
    }
    expect(seen?.state).toBe('running');
    expect(seen?.progress).toBeGreaterThan(0);
    expect(seen?.progress).toBeLessThan(1);
    const folder = seen?.folder as string;
    expect(existsSync(folder)).toBe(true);
    const cancelled = await kit.call<HelperJob>('POST', '/jobs/cancel', { jobId: started.data.jobId });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', files: [], folder: null });
    expect(existsSync(folder)).toBe(false);
    const unknown = await kit.call('POST', '/jobs/cancel', { jobId: 'nope' });
    expect(unknown.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('reports a failed job with its reason', async () => {
    const job = await run('trim', { file: 'a.mp4', start: 30, end: 40 });
    expect(job).toMatchObject({ state: 'failed', error: 'videoHelper.errors.pastEnd', files: [] });
    const bad = await kit.call('POST', '/jobs', { kind: 'resize', params: {} });
    expect(bad.code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('shows a result in its folder, only inside the base path', async () => {
    const job = await run('frames', { mode: 'single', file: 'a.mp4', at: 1 });
    const shown = await kit.call<RevealResult>('POST', '/reveal', { path: job.files[0] });
    expect(shown.data).toEqual({ folder: job.folder, opened: false });
    const outside = await kit.call('POST', '/reveal', { path: '/etc' });
    expect(outside.data).toEqual({ path: 'videoHelper.errors.outsideBase' });
  });

  it('needs the token for every new call', async () => {
    for (const [method, path] of [['GET', '/files'], ['GET', '/jobs'], ['POST', '/jobs'], ['POST', '/reveal'], ['POST', '/video/probe']] as const) {
      const res = await fetch(`${kit.helper.url}${path}`, { method, headers: { Origin: 'http://127.0.0.1:5999' }, body: method === 'POST' ? '{}' : undefined });
      expect(((await res.json()) as { code: number }).code, path).toBe(ErrorCode.NOT_LOGGED_IN);
    }
  });
});
