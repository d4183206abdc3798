import type { FfmpegPlan, VideoInfo } from './types.js';

/** What can mark a place to cut: a pause in the sound, a black picture, a picture that stops moving, a new shot. */
export const CUT_KINDS = ['scene', 'black', 'silence', 'freeze'] as const;
export type CutKind = (typeof CUT_KINDS)[number];

/** A stretch (or, for a new shot, an instant: `end` = `start`) that ffmpeg's filters reported. */
export interface DetectedEvent {
  kind: CutKind;
  start: number;
  end: number;
}

/** A proposed cut: where, and every reason found within a short distance of it. */
export interface FoundCut {
  at: number;
  reasons: CutKind[];
}

/**
 * The filters' settings, the usual ones of these filters' documentation and of LosslessCut's
 * detectors: a pause is quieter than -35 dB for half a second, a black picture is darker than
 * 10% for 0.3 s, a frozen one changes by less than -60 dB for a second, a new shot changes the
 * picture by 40% (the scene score) from one frame to the next.
 */
export const DETECTION = {
  silenceNoiseDb: -35,
  silenceSeconds: 0.5,
  blackSeconds: 0.3,
  blackPixelThreshold: 0.1,
  freezeNoiseDb: -60,
  freezeSeconds: 1,
  sceneThreshold: 0.4,
  /** The picture is analysed at this width: the filters need no more, and decoding is the cost. */
  analyseWidth: 160,
} as const;

/** Cuts closer than this to each other, or to either end, are one cut (or none). */
export const MIN_CUT_GAP_SECONDS = 1;
const EDGE_SECONDS = 0.5;

/**
 * One pass of ffmpeg over the file that decodes it and writes nothing: the detectors print what
 * they find in the log (`parseDetectionLog`). Kinds the file cannot have (no picture, no sound)
 * are left out; `null` when nothing is left to look for.
 */
export function detectionPlan(input: string, info: VideoInfo, kinds: readonly CutKind[]): FfmpegPlan | null {
  const want = new Set(kinds);
  const video: string[] = [];
  if (info.video) {
    if (want.has('black')) video.push(`blackdetect=d=${DETECTION.blackSeconds}:pix_th=${DETECTION.blackPixelThreshold}`);
    if (want.has('freeze')) video.push(`freezedetect=n=${DETECTION.freezeNoiseDb}dB:d=${DETECTION.freezeSeconds}`);
    // Last: select drops every frame that is not a new shot, so the detectors before it see them all.
    if (want.has('scene')) video.push(`select='gt(scene\\,${DETECTION.sceneThreshold})'`, 'metadata=print:key=lavfi.scene_score');
  }
  const audio = info.audio && want.has('silence') ? [`silencedetect=noise=${DETECTION.silenceNoiseDb}dB:duration=${DETECTION.silenceSeconds}`] : [];
  if (video.length === 0 && audio.length === 0) return null;
  const args = ['-i', input];
  if (video.length > 0) args.push('-map', '0:v:0', '-vf', [`scale=${DETECTION.analyseWidth}:-2`, ...video].join(','));
  else args.push('-vn');
  if (audio.length > 0) args.push('-map', '0:a:0', '-af', audio.join(','));
  else args.push('-an');
  args.push('-f', 'null', '-');
  return { args, output: '', expectedSeconds: info.duration };
}

/** Whether a log line can matter to `parseDetectionLog` (the worker keeps only these). */
export function isDetectionLine(line: string): boolean {
  return /silence_(start|end)|black_start|freezedetect\.freeze_(start|end)|pts_time:|scene_score=/.test(line);
}

const number = (text: string | undefined) => (text === undefined ? NaN : Number(text));

/**
 * The stretches and instants the detectors printed. A stretch still open when the file ends
 * (a pause or a freeze that lasts to the end) ends at `duration`.
 */
export function parseDetectionLog(lines: readonly string[], duration: number): DetectedEvent[] {
  const events: DetectedEvent[] = [];
  const open: Partial<Record<'silence' | 'freeze', number>> = {};
  let lastPts = NaN;
  for (const line of lines) {
    let m: RegExpMatchArray | null;
    if ((m = line.match(/silence_start:\s*(-?[\d.]+)/))) open.silence = Math.max(0, number(m[1]));
    else if ((m = line.match(/silence_end:\s*([\d.]+)/)) && open.silence !== undefined) {
      events.push({ kind: 'silence', start: open.silence, end: number(m[1]) });
      delete open.silence;
    } else if ((m = line.match(/black_start:\s*([\d.]+)\s+black_end:\s*([\d.]+)/))) events.push({ kind: 'black', start: number(m[1]), end: number(m[2]) });
    else if ((m = line.match(/freezedetect\.freeze_start:\s*([\d.]+)/))) open.freeze = number(m[1]);
    else if ((m = line.match(/freezedetect\.freeze_end:\s*([\d.]+)/)) && open.freeze !== undefined) {
      events.push({ kind: 'freeze', start: open.freeze, end: number(m[1]) });
      delete open.freeze;
    } else if ((m = line.match(/pts_time:\s*([\d.]+)/))) lastPts = number(m[1]);
    else if (/scene_score=/.test(line) && Number.isFinite(lastPts)) {
      events.push({ kind: 'scene', start: lastPts, end: lastPts });
      lastPts = NaN;
    }
  }
  for (const kind of ['silence', 'freeze'] as const) {
    const start = open[kind];
    if (start !== undefined && duration > start) events.push({ kind, start, end: duration });
  }
  return events.filter((e) => Number.isFinite(e.start) && Number.isFinite(e.end) && e.end >= e.start).sort((a, b) => a.start - b.start);
}

/** Which place of an event a cut goes to: the middle of a pause or a black stretch; where a freeze begins and ends; the new shot itself. */
function candidates(event: DetectedEvent, duration: number): number[] {
  if (event.kind === 'scene') return [event.start];
  if (event.kind === 'freeze') return [event.start, event.end].filter((t) => t < duration);
  return [(event.start + event.end) / 2];
}

/** The more exact a kind's place, the more it is trusted when two cuts fall together. */
const PRIORITY: Record<CutKind, number> = { scene: 0, black: 1, freeze: 2, silence: 3 };

/**
 * The cuts to offer: each event's place, none within half a second of either end, and of places
 * closer than `MIN_CUT_GAP_SECONDS` the one of the most exact kind (the earliest on a tie)
 * standing for them all, with all their reasons. At most `max` (the earliest).
 */
export function suggestCuts(events: readonly DetectedEvent[], duration: number, max = Infinity): FoundCut[] {
  const places = events
    .flatMap((e) => candidates(e, duration).map((at) => ({ at, kind: e.kind })))
    .filter((p) => p.at >= EDGE_SECONDS && p.at <= duration - EDGE_SECONDS)
    .sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.at - b.at);
  const cuts: FoundCut[] = [];
  for (const place of places) {
    const near = cuts.find((c) => Math.abs(c.at - place.at) < MIN_CUT_GAP_SECONDS);
    if (near) {
      if (!near.reasons.includes(place.kind)) near.reasons.push(place.kind);
    } else cuts.push({ at: Number(place.at.toFixed(3)), reasons: [place.kind] });
  }
  return cuts
    .sort((a, b) => a.at - b.at)
    .slice(0, max)
    .map((c) => ({ at: c.at, reasons: [...c.reasons].sort((a, b) => PRIORITY[a] - PRIORITY[b]) }));
}

/**
 * The points a split uses from the user's edited list: numbers inside the video, in order,
 * without repeats closer than a frame (0.01 s). `null` when fewer than one remains.
 */
export function cutPoints(times: readonly number[], duration: number): number[] | null {
  const sorted = times.filter((t) => Number.isFinite(t) && t > 0 && t < duration).sort((a, b) => a - b);
  const points: number[] = [];
  for (const t of sorted) if (points.length === 0 || t - points[points.length - 1]! >= 0.01) points.push(Number(t.toFixed(3)));
  return points.length > 0 ? points : null;
}
