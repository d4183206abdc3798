import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes';
import type { FilesResult, HelperConfig, MergeResult } from '@contracts/local-helper';
import { startHelperUnderTest, type HelperUnderTest } from '../tests/helpers/local-helper-kit';
import { makeClip, probeFile } from '../tests/helpers/video-fixtures';

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
