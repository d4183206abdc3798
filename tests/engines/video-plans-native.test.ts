import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aspectRect, cropPlan } from '@engines/video/crop';
import { framesPlan, matchesPattern } from '@engines/video/frames';
import { concatList, mergeCopyPlan, mergeEncodePlan } from '@engines/video/merge';
import { keyframeArgs, parseKeyframes, parseProbe, probeArgs } from '@engines/video/probe';
import { splitPlan, splitPoints } from '@engines/video/split';
import { snapToKeyframes, trimPlan } from '@engines/video/trim';
import type { FfmpegPlan } from '@engines/video/types';
import { makeClip, probeFile } from '../helpers/video-fixtures';

/**
 * The engines' ffmpeg plans run by the system ffmpeg on generated clips: the same arguments the
 * browser's ffmpeg.wasm runs, checked with ffprobe as the acceptance criteria say.
 */
let dir: string;
let clip: string;
let other: string;

function run(plan: FfmpegPlan): string[] {
  execFileSync('ffmpeg', ['-nostdin', '-y', '-v', 'error', ...plan.args], { cwd: dir });
  return plan.pattern ? readdirSync(dir).filter((n) => matchesPattern(plan.output, n)).sort() : [plan.output];
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'video-plans-'));
  clip = makeClip(dir, { seconds: 10, width: 640, height: 360, keyframeEvery: 1 });
  other = makeClip(dir, { seconds: 4, width: 640, height: 360, keyframeEvery: 1, tone: 660 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('video plans on the system ffmpeg', () => {
  it('probes the clip and lists a keyframe every second', () => {
    execFileSync('ffprobe', [...probeArgs(clip, join(dir, 'probe.json'))]);
    const info = parseProbe(readFileSync(join(dir, 'probe.json'), 'utf8'));
    expect(info.duration).toBeCloseTo(10, 1);
    expect(info.video).toMatchObject({ codec: 'h264', width: 640, height: 360, fps: 30 });
    execFileSync('ffprobe', keyframeArgs(clip, join(dir, 'keys.csv')));
    expect(parseKeyframes(readFileSync(join(dir, 'keys.csv'), 'utf8'))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('trims 10 s to 3 s: lossless within a keyframe interval, exact within 0.1 s', () => {
    const span = snapToKeyframes({ start: 2.4, end: 5.4 }, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const [lossless] = run(trimPlan(clip, span, 'lossless', 'lossless.mp4'));
    expect(Math.abs(probeFile(join(dir, lossless!)).duration - 3)).toBeLessThanOrEqual(1);
    const [exact] = run(trimPlan(clip, { start: 2.4, end: 5.4 }, 'exact', 'exact.mp4'));
    expect(Math.abs(probeFile(join(dir, exact!)).duration - 3)).toBeLessThanOrEqual(0.1);
  });

  it('splits into equal parts and crops to 1:1', () => {
    const parts = run(splitPlan(clip, splitPoints(10, 'equal', 2), 'exact', 10, 'mp4'));
    expect(parts).toEqual(['part-000.mp4', 'part-001.mp4']);
    for (const p of parts) expect(probeFile(join(dir, p)).duration).toBeCloseTo(5, 0);
    const [cropped] = run(cropPlan(clip, aspectRect(640, 360, '1:1'), 10, 'square.mp4'));
    const probed = probeFile(join(dir, cropped!));
    expect([probed.width, probed.height]).toEqual([360, 360]);
  });

  it('merges by copy and by re-encode; durations add up', () => {
    writeFileSync(join(dir, 'list.txt'), concatList([clip, other]));
    const [copied] = run(mergeCopyPlan(join(dir, 'list.txt'), 14, 'copied.mp4'));
    expect(probeFile(join(dir, copied!)).duration).toBeCloseTo(14, 0);
    const small = makeClip(dir, { seconds: 3, width: 320, height: 240, audio: false });
    const info = (seconds: number, w: number, h: number, audio: boolean) => ({ duration: seconds, video: { codec: 'h264', width: w, height: h, fps: 30, pixFmt: 'yuv420p' }, audio: audio ? { codec: 'aac', sampleRate: 48000, channels: 1 } : null });
    const [encoded] = run(mergeEncodePlan([{ path: other, info: info(4, 640, 360, true) }, { path: small, info: info(3, 320, 240, false) }], 'encoded.mp4'));
    const probed = probeFile(join(dir, encoded!));
    expect(probed.duration).toBeCloseTo(7, 0);
    expect([probed.width, probed.height]).toEqual([640, 360]);
    // The silent clip got silence: the first clip's sound is kept.
    expect(probed.hasAudio).toBe(true);

    // To a chosen size and frame rate, cropped to fill: the 4:3 clip loses its edges instead of getting bars.
    const [cropped] = run(mergeEncodePlan([{ path: other, info: info(4, 640, 360, true) }, { path: small, info: info(3, 320, 240, false) }], 'cropped.mp4', { width: 320, height: 240, fps: 15, fit: 'crop' }));
    const frame = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,r_frame_rate', '-of', 'csv=p=0', join(dir, cropped!)], { encoding: 'utf8' }).trim();
    expect(frame).toBe('320,240,15/1');
    expect(probeFile(join(dir, cropped!)).duration).toBeCloseTo(7, 0);
  });

  it('extracts one frame every 2 s (5 frames from 10 s) and one frame at a time', () => {
    expect(run(framesPlan(clip, { kind: 'interval', every: 2 }, 10))).toHaveLength(5);
    expect(run(framesPlan(clip, { kind: 'single', at: 4 }, 10))).toEqual(['frame-001.jpg']);
  });
});
