import { describe, expect, it } from 'vitest';
import { matchingEncodeArgs, planSmartCut, smartCutBlocker, splitSpans, x264Profile } from './smart-cut';
import { parsePackets, parseSmartCutSource, type SmartCutSource, type VideoPacket } from './smart-cut-probe';

const FPS = 30;
const F = 1 / FPS;

const source = (over: Partial<SmartCutSource> = {}): SmartCutSource => ({
  duration: 12,
  startTime: 0,
  codec: 'h264',
  profile: 'High',
  level: 30,
  pixFmt: 'yuv420p',
  width: 640,
  height: 360,
  sar: '1:1',
  fps: FPS,
  timescale: 15360,
  reorderDelay: 2,
  videoIndex: 0,
  hasAudio: true,
  ...over,
});

/**
 * Packets as x264 lays them out with B-frames: each GOP opens with an IDR, then groups of three
 * frames in the decode order P(n+2), B(n), B(n+1); dts runs two frames behind.
 */
function packets(seconds: number, gopSeconds: number): VideoPacket[] {
  const total = Math.round(seconds * FPS);
  const gop = Math.round(gopSeconds * FPS);
  const order: Array<{ frame: number; key: boolean }> = [];
  for (let a = 0; a < total; a += gop) {
    const end = Math.min(a + gop, total);
    order.push({ frame: a, key: true });
    for (let n = a + 1; n < end; n += 3) {
      if (n + 2 < end) order.push({ frame: n + 2, key: false }, { frame: n, key: false }, { frame: n + 1, key: false });
      else for (let m = n; m < end; m++) order.push({ frame: m, key: false });
    }
  }
  return order.map(({ frame, key }, i) => ({ pts: frame * F, dts: (i - 2) * F, key }));
}

const work = { dir: '/out', id: 'c0' };
const PACKETS = packets(12, 2);

describe('smart cut planning', () => {
  it('re-encodes from the cut to the next keyframe, copies from there and joins with the span’s audio', () => {
    const plan = planSmartCut('/in/a.mp4', source(), PACKETS, { start: 3.1, end: 7.3 }, work, '/out/cut.mp4');
    expect(plan.kind).toBe('smart');
    expect(plan.keyframe).toBeCloseTo(4);
    expect(plan.span.start).toBeCloseTo(3.1);
    expect(plan.span.end).toBeCloseTo(7.3);
    const head = plan.encodes[0]!;
    expect(head.output).toBe('/out/c0-head.mp4');
    expect(head.args.slice(0, 4)).toEqual(['-ss', (3.1 - F / 2).toFixed(6), '-i', '/in/a.mp4']);
    expect(head.args[head.args.indexOf('-frames:v') + 1]).toBe('27');
    // 7.3 falls inside a P B B group: the copy stops before it and the tail re-encodes the frames up to the cut.
    expect(plan.list.text).toContain("file 'c0-head.mp4'\nduration 0.900000\nfile '/in/a.mp4'\ninpoint 4.000001\n");
    const tail = plan.encodes[1]!;
    expect(tail.output).toBe('/out/c0-tail.mp4');
    expect(plan.reencodedFrames + plan.copiedFrames).toBe(126);
    expect(plan.reencodedFrames).toBeLessThanOrEqual(27 + 3);
    expect(plan.list.path).toBe('/out/c0.ffconcat');
    const audio = plan.encodes[2]!;
    expect(audio.args.slice(0, 6)).toEqual(['-ss', '3.100000', '-t', '4.200000', '-i', '/in/a.mp4']);
    expect(plan.join.args).toEqual(['-copyts', '-f', 'concat', '-safe', '0', '-i', '/out/c0.ffconcat', '-i', '/out/c0-audio.m4a', '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-video_track_timescale', '15360', '-movflags', '+faststart', '/out/cut.mp4']);
    expect(plan.temporary).toEqual(['/out/c0-head.mp4', '/out/c0-tail.mp4', '/out/c0-audio.m4a', '/out/c0.ffconcat']);
  });

  it('only copies when the span starts on a keyframe and ends where a decode-order prefix does', () => {
    const plan = planSmartCut('/in/a.mp4', source(), PACKETS, { start: 4, end: 6 }, work, '/out/cut.mp4');
    expect(plan.kind).toBe('copy');
    expect(plan.encodes.map((e) => e.output)).toEqual(['/out/c0-audio.m4a']);
    expect(plan.copiedFrames).toBe(60);
    expect(plan.list.text).toBe("ffconcat version 1.0\nfile '/in/a.mp4'\ninpoint 4.000001\noutpoint 5.933332\nduration 2.000000\n");
  });

  it('copies to the end of the file without an outpoint, and re-encodes a span with no keyframe in it', () => {
    const toEnd = planSmartCut('/in/a.mp4', source(), PACKETS, { start: 10, end: 12 }, work, '/out/cut.mp4');
    expect(toEnd.kind).toBe('copy');
    expect(toEnd.list.text).not.toContain('outpoint');
    const inside = planSmartCut('/in/a.mp4', source(), PACKETS, { start: 8.5, end: 9.2 }, work, '/out/cut.mp4');
    expect(inside.kind).toBe('encode');
    expect(inside.encodes.map((e) => e.output)).toEqual(['/out/c0-all.mp4', '/out/c0-audio.m4a']);
    expect(inside.reencodedFrames).toBe(21);
    expect(inside.list.text).toBe("ffconcat version 1.0\nfile 'c0-all.mp4'\nduration 0.700000\n");
  });

  it('starts on the first frame at or after the request and refuses an empty span', () => {
    const plan = planSmartCut('/in/a.mp4', source(), PACKETS, { start: 3.11, end: 5 }, work, 'cut.mp4');
    expect(plan.span.start).toBeCloseTo(3.1333, 3);
    expect(() => planSmartCut('/in/a.mp4', source(), PACKETS, { start: 3.11, end: 3.12 }, work, 'cut.mp4')).toThrow('empty-span');
  });

  it('re-encodes the whole span when the GOP is open (a frame before the keyframe follows it in decode order)', () => {
    const open = PACKETS.map((p) => ({ ...p }));
    const k = open.findIndex((p) => p.key && Math.abs(p.pts - 4) < 1e-6);
    open.splice(k + 1, 0, { pts: 4 - F / 2, dts: open[k]!.dts + F / 2, key: false });
    expect(planSmartCut('/in/a.mp4', source(), open, { start: 3.1, end: 5 }, work, 'cut.mp4').kind).toBe('encode');
  });

  it('leaves the audio out when the source has none; pieces go to the current folder when dir is empty', () => {
    const plan = planSmartCut('/in/a.mp4', source({ hasAudio: false }), PACKETS, { start: 3.1, end: 5 }, { dir: '', id: 'x' }, 'cut.mp4');
    expect(plan.join.args).not.toContain('1:a:0');
    expect(plan.encodes.map((e) => e.output)).toEqual(['x-head.mp4', 'x-tail.mp4']);
    expect(plan.encodes[0]!.output).toBe('x-head.mp4');
    expect(plan.list.path).toBe('x.ffconcat');
  });
});

describe('smart cut compatibility', () => {
  it('says why a source cannot be smart cut', () => {
    expect(smartCutBlocker(source(), PACKETS)).toBeNull();
    expect(smartCutBlocker(source({ codec: 'hevc' }), PACKETS)).toBe('video-codec');
    expect(smartCutBlocker(source({ pixFmt: 'rgb24' }), PACKETS)).toBe('pixel-format');
    expect(smartCutBlocker(source({ videoIndex: 1 }), PACKETS)).toBe('stream-layout');
    expect(smartCutBlocker(source({ reorderDelay: 3 }), PACKETS)).toBe('reorder-delay');
    expect(smartCutBlocker(source({ fps: 0 }), PACKETS)).toBe('frame-rate');
    expect(smartCutBlocker(source({ startTime: 1.4 }), PACKETS)).toBe('start-time');
    expect(smartCutBlocker(source(), PACKETS.map((p) => ({ ...p, key: false })))).toBe('no-keyframes');
  });

  it('matches profile, level, pixel format, SAR, time base and B-frame delay', () => {
    expect(['High', 'Main', 'Constrained Baseline', 'High 10', 'High 4:2:2', 'High 4:4:4 Predictive'].map(x264Profile)).toEqual(['high', 'main', 'baseline', 'high10', 'high422', 'high444']);
    const args = matchingEncodeArgs(source({ level: 41, sar: '4:3', reorderDelay: 1, pixFmt: 'yuvj420p' }));
    const at = (flag: string) => args[args.indexOf(flag) + 1];
    expect(at('-level:v')).toBe('4.1');
    expect(at('-pix_fmt')).toBe('yuvj420p');
    expect(at('-vf')).toBe('setpts=PTS-STARTPTS,setsar=4/3');
    expect(at('-x264-params')).toBe('bframes=2:b-pyramid=none:open-gop=0:cabac=1:8x8dct=1');
    const baseline = matchingEncodeArgs(source({ profile: 'Constrained Baseline', reorderDelay: 0 }));
    expect(baseline[baseline.indexOf('-x264-params') + 1]).toBe('bframes=0:open-gop=0');
    expect(at('-video_track_timescale')).toBe('15360');
    expect(matchingEncodeArgs(source({ level: 0, timescale: 0 }))).not.toContain('-level:v');
  });

  it('reads ffprobe’s stream JSON and packet list', () => {
    const json = JSON.stringify({
      format: { duration: '12.000000', start_time: '0.000000' },
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264', profile: 'High', level: 30, pix_fmt: 'yuv420p', width: 640, height: 360, sample_aspect_ratio: '1:1', r_frame_rate: '30/1', time_base: '1/15360', has_b_frames: 2 },
        { index: 1, codec_type: 'audio', codec_name: 'aac' },
      ],
    });
    expect(parseSmartCutSource(json)).toEqual(source());
    expect(parseSmartCutSource('{"streams":[{"codec_type":"audio"}]}')).toBeNull();
    expect(parsePackets('0.000000,-0.066667,K_\n0.100000,-0.033333,__\nN/A,0.1,__\n\n')).toEqual([
      { pts: 0, dts: -0.066667, key: true },
      { pts: 0.1, dts: -0.033333, key: false },
    ]);
  });

  it('turns split points into back-to-back spans', () => {
    expect(splitSpans([2.5, 5], 8)).toEqual([
      { start: 0, end: 2.5 },
      { start: 2.5, end: 5 },
      { start: 5, end: 8 },
    ]);
  });
});
