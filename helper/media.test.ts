import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes';
import type { FilesResult, HelperConfig, MergeResult } from '@contracts/local-helper';
import { startHelperUnderTest, type HelperUnderTest } from '../tests/helpers/local-helper-kit';
import { makeClip, probeFile } from '../tests/helpers/video-fixtures';

/** What `ffprobe -v error` prints about a file: nothing when it is well formed. */
const ffprobeErrors = (file: string) => spawnSync('ffprobe', ['-v', 'error', file], { encoding: 'utf8' }).stderr.trim();

/** Width and height of a JPEG, read from its SOF marker. */
async function jpegSize(file: string): Promise<{ width: number; height: number }> {
  const { readFileSync } = await import('node:fs');
  const b = readFileSync(file);
  for (let i = 2; i < b.length; ) {
    const marker = b[i + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  throw new Error('not a JPEG');
}

describe('local helper: frames, split and random merge with the system ffmpeg', () => {
  let kit: HelperUnderTest;
  let base: string;

  beforeAll(async () => {
    kit = await startHelperUnderTest();
    await kit.pair();
    base = (await kit.call<HelperConfig>('GET', '/config')).data.basePath;
    mkdirSync(base, { recursive: true });
    copyFileSync(makeClip(join(kit.home, 'src'), { seconds: 6, width: 320, height: 240, fps: 25, keyframeEvery: 1 }, 'a.mp4'), join(base, 'a.mp4'));
    copyFileSync(makeClip(join(kit.home, 'src'), { seconds: 2, width: 320, height: 240, fps: 25, keyframeEvery: 1, tone: 880 }, 'b.mp4'), join(base, 'b.mp4'));
    copyFileSync(makeClip(join(kit.home, 'src'), { seconds: 3, width: 640, height: 360, fps: 30, keyframeEvery: 1, tone: 660 }, 'c.mp4'), join(base, 'c.mp4'));
  });
  afterAll(async () => {
    await kit.close();
  });

  it('extracts one frame at a time, and one every N seconds', async () => {
    const one = await kit.call<FilesResult>('POST', '/video/frame', { mode: 'single', file: 'a.mp4', at: 2.5 });
    expect(one.code).toBe(200);
    expect(one.data.files).toHaveLength(1);
    expect(await jpegSize(one.data.files[0] as string)).toEqual({ width: 320, height: 240 });
    const every = await kit.call<FilesResult>('POST', '/video/frame', { mode: 'every', file: 'a.mp4', seconds: 2 });
    expect(every.data.files.map((f) => basename(f))).toEqual(['frame-0001.jpg', 'frame-0002.jpg', 'frame-0003.jpg']);
    const past = await kit.call('POST', '/video/frame', { mode: 'single', file: 'a.mp4', at: 60 });
    expect(past.data).toEqual({ at: 'videoHelper.errors.pastEnd' });
  });

  it('splits into equal parts and into pieces of a duration (cut_type), on keyframes', async () => {
    const parts = await kit.call<FilesResult>('POST', '/video/split', { file: 'a.mp4', cutType: 'parts', value: 3 });
    expect(parts.code).toBe(200);
    expect(parts.data.files).toHaveLength(3);
    const durations = parts.data.files.map((f) => probeFile(f).duration);
    for (const d of durations) expect(Math.abs(d - 2)).toBeLessThan(0.15);
    const pieces = await kit.call<FilesResult>('POST', '/video/split', { file: 'a.mp4', cutType: 'duration', value: 4 });
    expect(pieces.data.files.map((f) => Math.round(probeFile(f).duration))).toEqual([4, 2]);
    const whole = await kit.call('POST', '/video/split', { file: 'a.mp4', cutType: 'parts', value: 2.5 });
    expect(whole.data).toEqual({ value: 'videoHelper.errors.partsWhole' });
  });

  it('splits on the exact frames in smart mode, re-encoding only up to each next keyframe', async () => {
    const res = await kit.call<FilesResult>('POST', '/video/split', { file: 'a.mp4', cutType: 'duration', value: 2.5, mode: 'smart' });
    expect(res.code).toBe(200);
    expect(res.data.files.map((f) => basename(f))).toEqual(['part-000.mp4', 'part-001.mp4', 'part-002.mp4']);
    const durations = res.data.files.map((f) => probeFile(f).duration);
    [2.5, 2.5, 1].forEach((want, i) => expect(Math.abs((durations[i] as number) - want)).toBeLessThanOrEqual(0.04 + 1e-6));
    for (const f of res.data.files) expect(ffprobeErrors(f)).toBe('');
  });

  it('trims a span: smart and exact on the frame, lossless from the keyframe before it', async () => {
    const smart = await kit.call<FilesResult>('POST', '/video/trim', { file: 'a.mp4', start: 1.3, end: 4.5 });
    expect(smart.code).toBe(200);
    const cut = probeFile(smart.data.files[0] as string);
    expect(cut).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', hasAudio: true });
    expect(Math.abs(cut.duration - 3.2)).toBeLessThanOrEqual(0.04 + 1e-6);
    expect(ffprobeErrors(smart.data.files[0] as string)).toBe('');
    const exact = await kit.call<FilesResult>('POST', '/video/trim', { file: 'a.mp4', start: 1.3, end: 4.5, mode: 'exact' });
    expect(Math.abs(probeFile(exact.data.files[0] as string).duration - 3.2)).toBeLessThan(0.05);
    const lossless = await kit.call<FilesResult>('POST', '/video/trim', { file: 'a.mp4', start: 1.3, end: 4.5, mode: 'lossless' });
    // Copied from the keyframe at 1 s: at least the span, up to a GOP more.
    expect(probeFile(lossless.data.files[0] as string).duration).toBeGreaterThanOrEqual(3.2);
    expect(probeFile(lossless.data.files[0] as string).duration).toBeLessThan(4.3);
    const backwards = await kit.call('POST', '/video/trim', { file: 'a.mp4', start: 3, end: 2 });
    expect(backwards.data).toEqual({ end: 'videoHelper.errors.invalid' });
    const past = await kit.call('POST', '/video/trim', { file: 'a.mp4', start: 7, end: 8 });
    expect(past.data).toEqual({ start: 'videoHelper.errors.pastEnd' });
  });

  it('merges matching clips by stream copy, in a shuffled order', async () => {
    const res = await kit.call<MergeResult>('POST', '/video/merge/random', { files: ['a.mp4', 'b.mp4'] });
    expect(res.code).toBe(200);
    expect(res.data.copied).toBe(true);
    expect([...res.data.order].map((f) => basename(f)).sort()).toEqual(['a.mp4', 'b.mp4']);
    const merged = probeFile(res.data.files[0] as string);
    expect(Math.abs(merged.duration - 8)).toBeLessThan(0.2);
    expect(merged).toMatchObject({ width: 320, height: 240, hasAudio: true });
  });

  it('re-encodes clips of different sizes to the first one’s size', async () => {
    const res = await kit.call<MergeResult>('POST', '/video/merge/random', { files: ['c.mp4', 'b.mp4'], shuffle: false });
    expect(res.data.copied).toBe(false);
    expect(res.data.order.map((f) => basename(f))).toEqual(['c.mp4', 'b.mp4']);
    const merged = probeFile(res.data.files[0] as string);
    expect(merged).toMatchObject({ width: 640, height: 360, videoCodec: 'h264', hasAudio: true });
    expect(Math.abs(merged.duration - 5)).toBeLessThan(0.2);
  });

  it('refuses files outside the base path, symlinks included', async () => {
    symlinkSync('/etc/hostname', join(base, 'link.mp4'));
    for (const file of ['../../etc/passwd', '/etc/hostname', 'link.mp4']) {
      const res = await kit.call('POST', '/video/frame', { mode: 'single', file, at: 0 });
      expect(res.code, file).toBe(ErrorCode.VALIDATION_FAILED);
      expect(res.data).toEqual({ file: 'videoHelper.errors.outsideBase' });
    }
    const missing = await kit.call('POST', '/video/split', { file: 'nope.mp4', cutType: 'parts', value: 2 });
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    const one = await kit.call('POST', '/video/merge/random', { files: ['a.mp4'] });
    expect(one.data).toEqual({ files: 'videoHelper.errors.mergeTwo' });
  });
});
