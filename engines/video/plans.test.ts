import { describe, expect, it } from 'vitest';
import { aspectRect, ASPECTS, clampRect, cropPlan } from './crop';
import { copyExtension } from './encode';
import { framesPlan, matchesPattern, thumbnailPlans } from './frames';
import { checkSizes, estimateOutputBytes, MAX_INPUT_BYTES } from './limits';
import { concatList, copyBlocker, defaultMergeTarget, mergeEncodePlan, mergeTargetChoices, normaliseSteps, shuffled } from './merge';
import { parseKeyframes, parseProbe, parseProgressTime, parseRate } from './probe';
import { splitPlan, splitPoints } from './split';
import { normalizeSpan, snapToKeyframes, trimPlan } from './trim';
import type { VideoInfo } from './types';

const info = (over: Partial<VideoInfo['video'] & object> = {}, audio: VideoInfo['audio'] = { codec: 'aac', sampleRate: 48000, channels: 1 }): VideoInfo => ({
  duration: 10,
  video: { codec: 'h264', width: 640, height: 360, fps: 30, pixFmt: 'yuv420p', ...over },
  audio,
});

describe('probe parsing', () => {
  it('reads ffprobe JSON: duration, first video and audio stream', () => {
    const json = JSON.stringify({
      format: { duration: '10.023000' },
      streams: [
        { codec_type: 'video', codec_name: 'h264', width: 640, height: 360, r_frame_rate: '30000/1001', pix_fmt: 'yuv420p' },
        { codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2 },
      ],
    });
    const parsed = parseProbe(json);
    expect(parsed.duration).toBeCloseTo(10.023);
    expect(parsed.video).toMatchObject({ codec: 'h264', width: 640, height: 360, pixFmt: 'yuv420p' });
    expect(parsed.video!.fps).toBeCloseTo(29.97, 2);
    expect(parsed.audio).toEqual({ codec: 'aac', sampleRate: 48000, channels: 2 });
    expect(parseProbe('{"streams":[]}')).toEqual({ duration: 0, video: null, audio: null });
  });

  it('reads rates, keyframe lists and progress times', () => {
    expect(parseRate('25/1')).toBe(25);
    expect(parseRate('0/0')).toBe(0);
    expect(parseKeyframes('2.000000,K__\n0.033333,___\n0.000000,K__\n1.000000,K_\n\n')).toEqual([0, 1, 2]);
    expect(parseProgressTime('frame=  90 fps=0.0 q=-1.0 size= 256kB time=00:01:02.50 bitrate=')).toBeCloseTo(62.5);
    expect(parseProgressTime('time=-00:00:00.02')).toBe(0);
    expect(parseProgressTime('Stream mapping:')).toBeNull();
  });
});

describe('trim', () => {
  it('clamps spans and refuses empty ones', () => {
    expect(normalizeSpan({ start: -1, end: 20 }, 10)).toEqual({ start: 0, end: 10 });
    expect(() => normalizeSpan({ start: 5, end: 5 }, 10)).toThrow('empty-span');
  });

  it('moves a lossless start back to the keyframe at or before it', () => {
    const keys = [0, 1, 2, 3, 4];
    expect(snapToKeyframes({ start: 2.5, end: 5.5 }, keys)).toEqual({ start: 2, end: 5.5 });
    expect(snapToKeyframes({ start: 2.9999, end: 5 }, [0, 3.0002])).toEqual({ start: 3.0002, end: 5 });
    expect(snapToKeyframes({ start: 1, end: 2 }, [])).toEqual({ start: 0, end: 2 });
  });

  it('copies in lossless mode and re-encodes in exact mode', () => {
    const lossless = trimPlan('/in/a.mp4', { start: 2, end: 5 }, 'lossless', 'out.mp4');
    expect(lossless.args.join(' ')).toContain('-ss 2.000 -i /in/a.mp4 -t 3.000');
    expect(lossless.args).toContain('copy');
    expect(lossless.expectedSeconds).toBe(3);
    const exact = trimPlan('/in/a.mp4', { start: 2.25, end: 5.5 }, 'exact', 'out.mp4');
    expect(exact.args).toContain('libx264');
    expect(exact.args).not.toContain('copy');
    expect(exact.args.join(' ')).toContain('-t 3.250');
  });
});

describe('split', () => {
  it('splits into equal parts or fixed durations', () => {
    expect(splitPoints(10, 'equal', 4)).toEqual([2.5, 5, 7.5]);
    expect(splitPoints(10, 'duration', 3)).toEqual([3, 6, 9]);
    expect(splitPoints(9, 'duration', 3)).toEqual([3, 6]);
    expect(() => splitPoints(10, 'equal', 1)).toThrow('one-part');
    expect(() => splitPoints(1000, 'duration', 1)).toThrow('too-many-parts');
    expect(() => splitPoints(10, 'duration', 0)).toThrow('bad-split');
  });

  it('uses the segment muxer, forcing keyframes when exact', () => {
    const exact = splitPlan('/in/a.mp4', [5], 'exact', 10, 'mp4');
    expect(exact.args).toEqual(expect.arrayContaining(['-force_key_frames', '5.000', '-segment_times', '5.000']));
    expect(exact.pattern).toBe(true);
    expect(splitPlan('/in/a.mkv', [5], 'lossless', 10, 'mkv').output).toBe('part-%03d.mkv');
  });
});

describe('crop', () => {
  it('fits each aspect preset centred, with even sides', () => {
    expect(ASPECTS.map((a) => aspectRect(640, 360, a))).toEqual([
      { x: 140, y: 0, width: 360, height: 360 },
      { x: 218, y: 0, width: 202, height: 360 },
      { x: 0, y: 0, width: 640, height: 360 },
      { x: 176, y: 0, width: 288, height: 360 },
    ]);
    expect(aspectRect(1080, 1920, '16:9')).toEqual({ x: 0, y: 656, width: 1080, height: 606 });
  });

  it('keeps a drawn rectangle inside the frame and even', () => {
    expect(clampRect({ x: -5, y: 351, width: 1000, height: 3 }, 640, 360)).toEqual({ x: 0, y: 344, width: 640, height: 16 });
    expect(clampRect({ x: 11, y: 21, width: 101, height: 51 }, 640, 360)).toEqual({ x: 10, y: 20, width: 100, height: 50 });
    expect(() => clampRect({ x: 0, y: 0, width: 8, height: 8 }, 8, 8)).toThrow('frame-too-small');
    expect(cropPlan('/in/a.mp4', { x: 140, y: 0, width: 360, height: 360 }, 10, 'o.mp4').args).toContain('crop=360:360:140:0');
  });
});

describe('merge', () => {
  it('copies only when every stream matches', () => {
    const mp4 = (i: VideoInfo) => ({ info: i, ext: 'mp4' });
    expect(copyBlocker([mp4(info()), mp4(info())])).toBeNull();
    expect(copyBlocker([mp4(info()), mp4(info({ width: 1280 }))])).toBe('size');
    expect(copyBlocker([mp4(info()), mp4(info({ codec: 'vp9' }))])).toBe('video-codec');
    expect(copyBlocker([mp4(info()), mp4(info({ fps: 25 }))])).toBe('frame-rate');
    expect(copyBlocker([mp4(info()), mp4(info({}, null))])).toBe('audio-presence');
    expect(copyBlocker([mp4(info()), mp4(info({}, { codec: 'aac', sampleRate: 44100, channels: 1 }))])).toBe('audio-format');
    expect(copyBlocker([mp4(info()), { info: info(), ext: 'mkv' }])).toBe('container');
  });

  it('writes a concat list with quotes escaped', () => {
    expect(concatList(['/in/a.mp4', "/in/it's.mp4"])).toBe("file '/in/a.mp4'\nfile '/in/it'\\''s.mp4'\n");
  });

  it('re-encodes to the first clip size by default, giving a clip without sound silence of its length', () => {
    const plan = mergeEncodePlan([{ path: '/in/0.mp4', info: info() }, { path: '/in/1.mp4', info: info({ width: 1280, height: 720 }, null) }], 'o.mp4');
    const graph = plan.args[plan.args.indexOf('-filter_complex') + 1];
    expect(graph).toContain('scale=640:360:force_original_aspect_ratio=decrease,pad=640:360');
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,atrim=end=10');
    expect(graph).toContain('concat=n=2:v=1:a=1[v][a]');
    expect(plan.expectedSeconds).toBe(20);
  });

  it('re-encodes to a chosen size and frame rate, cropping to fill; silent only when no clip has sound', () => {
    const target = { width: 1280, height: 720, fps: 25, fit: 'crop' as const };
    const plan = mergeEncodePlan([{ path: '/in/0.mp4', info: info({}, null) }, { path: '/in/1.mp4', info: info({ width: 480, height: 480 }, null) }], 'o.mp4', target);
    const graph = plan.args[plan.args.indexOf('-filter_complex') + 1];
    expect(graph).toContain('scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,setsar=1,fps=25');
    expect(graph).toContain('concat=n=2:v=1:a=0[v]');
    expect(graph).not.toContain('anullsrc');
  });

  it('offers each clip\'s size and frame rate once, and lists what each clip goes through', () => {
    const clips = [info(), info({ width: 1280, height: 720, fps: 25 }, null), info({ width: 640, height: 480 }), info({ width: 641, height: 361 })];
    expect(mergeTargetChoices(clips)).toEqual({ sizes: [{ width: 640, height: 360 }, { width: 1280, height: 720 }, { width: 640, height: 480 }], fps: [30, 25] });
    const target = defaultMergeTarget(clips);
    expect(target).toEqual({ width: 640, height: 360, fps: 30, fit: 'pad' });
    // The clips' sound is mono: made stereo. The 641 x 361 clip has the target's shape: scaled, no bars.
    expect(clips.map((c) => normaliseSteps(c, target, true))).toEqual([['resample-audio'], ['scale', 'frame-rate', 'silence'], ['scale', 'pad', 'resample-audio'], ['scale', 'resample-audio']]);
    expect(normaliseSteps(info({}, { codec: 'aac', sampleRate: 48000, channels: 2 }), target, true)).toEqual([]);
    expect(normaliseSteps(info({}, { codec: 'aac', sampleRate: 44100, channels: 1 }), target, true)).toEqual(['resample-audio']);
  });

  it('shuffles every item exactly once', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const out = shuffled([1, 2, 3, 4, 5], random);
    expect([...out].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(out).not.toEqual([1, 2, 3, 4, 5]);
  });
});

describe('frames and limits', () => {
  it('selects one frame, every N seconds, or scene changes', () => {
    expect(framesPlan('/in/a.mp4', { kind: 'single', at: 1.5 }, 10).args.slice(0, 2)).toEqual(['-ss', '1.500']);
    expect(framesPlan('/in/a.mp4', { kind: 'interval', every: 2 }, 10).args.join(' ')).toContain('gte(t-prev_selected_t\\,1.999)');
    expect(framesPlan('/in/a.mp4', { kind: 'scene', threshold: 0.3 }, 10).args.join(' ')).toContain('gt(scene\\,0.30)');
    expect(() => framesPlan('/in/a.mp4', { kind: 'interval', every: 0 }, 10)).toThrow('bad-interval');
    expect(thumbnailPlans('/in/a.mp4', 10, 5).map((p) => p.args[1])).toEqual(['1.000', '3.000', '5.000', '7.000', '9.000']);
  });

  it('matches numbered outputs and file extensions', () => {
    expect(matchesPattern('part-%03d.mp4', 'part-007.mp4')).toBe(true);
    expect(matchesPattern('part-%03d.mp4', 'part-7.mp4')).toBe(false);
    expect(matchesPattern('frame-%03d.jpg', 'frame-1000.jpg')).toBe(true);
    expect(copyExtension('Holiday.MOV')).toBe('mov');
    expect(copyExtension('clip')).toBe('mp4');
  });

  it('refuses inputs and outputs too large for the browser', () => {
    expect(checkSizes([10], 10)).toEqual({ ok: true });
    expect(checkSizes([MAX_INPUT_BYTES + 1], 10)).toMatchObject({ ok: false, reason: 'input-too-large' });
    expect(checkSizes([10], 2 * 1024 ** 3)).toMatchObject({ ok: false, reason: 'output-too-large' });
    expect(estimateOutputBytes(1000, 10, 3)).toBe(330);
  });
});
