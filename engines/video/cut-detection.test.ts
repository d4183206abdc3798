import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeShotsClip } from '../../tests/helpers/video-fixtures';
import { cutPoints, detectionPlan, isDetectionLine, parseDetectionLog, suggestCuts } from './cut-detection';
import type { VideoInfo } from './types';

const INFO: VideoInfo = {
  duration: 7.5,
  video: { codec: 'h264', width: 320, height: 240, fps: 25, pixFmt: 'yuv420p' },
  audio: { codec: 'aac', sampleRate: 48000, channels: 1 },
};

describe('finding the cuts', () => {
  it('parses what the detectors print, closing a stretch left open at the end', () => {
    const log = [
      '[Parsed_metadata_4 @ 0x5] frame:0    pts:38400   pts_time:3',
      '[Parsed_metadata_4 @ 0x5] lavfi.scene_score=1.000000',
      '[silencedetect @ 0x1] silence_start: 2.99995',
      '[freezedetect @ 0x2] lavfi.freezedetect.freeze_start: 3',
      '[silencedetect @ 0x1] silence_end: 4.52005 | silence_duration: 1.52009',
      '[blackdetect @ 0x3] black_start:3 black_end:4.52 black_duration:1.52',
      '[freezedetect @ 0x2] lavfi.freezedetect.freeze_end: 4.52',
      '[freezedetect @ 0x2] lavfi.freezedetect.freeze_start: 5.1',
      'frame=  150 fps=0.0 q=-0.0 size=N/A time=00:00:06.00 bitrate=N/A speed=12x',
    ];
    expect(log.filter(isDetectionLine)).toHaveLength(8);
    expect(parseDetectionLog(log, 7.5)).toEqual([
      { kind: 'silence', start: 2.99995, end: 4.52005 },
      { kind: 'scene', start: 3, end: 3 },
      { kind: 'black', start: 3, end: 4.52 },
      { kind: 'freeze', start: 3, end: 4.52 },
      { kind: 'freeze', start: 5.1, end: 7.5 },
    ]);
  });

  it('offers one cut for places that fall together, the most exact kind standing for them', () => {
    const cuts = suggestCuts(
      [
        { kind: 'scene', start: 3, end: 3 },
        { kind: 'silence', start: 3, end: 4.5 },
        { kind: 'black', start: 3, end: 4.5 },
        { kind: 'scene', start: 4.5, end: 4.5 },
        { kind: 'freeze', start: 4.5, end: 7.5 },
        { kind: 'silence', start: 0, end: 0.6 },
      ],
      7.5,
    );
    // The pause's middle (3.75) is within a second of both new shots; the freeze that lasts to the
    // end has no end to cut at; the silence at the very start is at the edge.
    expect(cuts).toEqual([
      { at: 3, reasons: ['scene', 'black', 'silence'] },
      { at: 4.5, reasons: ['scene', 'freeze'] },
    ]);
    expect(suggestCuts([{ kind: 'silence', start: 2, end: 4 }], 10)).toEqual([{ at: 3, reasons: ['silence'] }]);
    expect(suggestCuts([1, 3, 5].map((t) => ({ kind: 'scene' as const, start: t, end: t })), 10, 2).map((c) => c.at)).toEqual([1, 3]);
  });

  it('takes the edited list in order, inside the video, without repeats', () => {
    expect(cutPoints([5, 2, Number.NaN, 2.004, 0, 9, 12], 10)).toEqual([2, 5, 9]);
    expect(cutPoints([0, 10], 10)).toBeNull();
  });

  it('looks only for what the file can have', () => {
    expect(detectionPlan('/in/a.mp4', { ...INFO, audio: null }, ['silence'])).toBeNull();
    const args = detectionPlan('/in/a.mp4', { ...INFO, video: null }, ['silence', 'scene'])!.args;
    expect(args).toContain('-vn');
    expect(args.join(' ')).toContain('silencedetect');
  });
});

describe.runIf(hasFfmpeg())('finding the cuts with ffmpeg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cut-detect-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the pause and the two new shots of a generated clip, each within a frame', () => {
    const clip = makeShotsClip(dir);
    const plan = detectionPlan(clip, INFO, ['scene', 'black', 'silence', 'freeze'])!;
    const run = spawnSync('ffmpeg', ['-hide_banner', '-nostats', ...plan.args], { encoding: 'utf8' });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const events = parseDetectionLog(run.stderr.split('\n').filter(isDetectionLine), INFO.duration);
    for (const kind of ['scene', 'black', 'silence', 'freeze'] as const) expect(events.some((e) => e.kind === kind), kind).toBe(true);
    const cuts = suggestCuts(events, INFO.duration);
    expect(cuts.map((c) => c.at)).toHaveLength(2);
    expect(cuts[0]!.at).toBeCloseTo(3, 1);
    expect(cuts[1]!.at).toBeCloseTo(4.5, 1);
    expect(cuts[0]!.reasons).toEqual(expect.arrayContaining(['scene', 'black', 'silence']));
  });
});
