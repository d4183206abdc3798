import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A test clip made by the system ffmpeg: testsrc2 picture and a sine tone, H.264 + AAC in MP4. */
export interface ClipSpec {
  seconds: number;
  width: number;
  height: number;
  fps?: number;
  /** Keyframe interval in seconds (a fixed GOP, no scene-cut keyframes). */
  keyframeEvery?: number;
  /** Sine frequency, so two clips differ. */
  tone?: number;
  audio?: boolean;
}

/** Makes (or reuses) a clip under `dir`; the name encodes the spec so different specs never collide. */
export function makeClip(dir: string, spec: ClipSpec, name?: string): string {
  const { seconds, width, height, fps = 30, keyframeEvery = 1, tone = 440, audio = true } = spec;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name ?? `clip-${seconds}s-${width}x${height}-${fps}fps-k${keyframeEvery}-${tone}${audio ? '' : '-mute'}.mp4`);
  if (existsSync(file)) return file;
  const gop = String(Math.round(fps * keyframeEvery));
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=48000:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', gop, '-keyint_min', gop, '-sc_threshold', '0');
  if (audio) args.push('-c:a', 'aac', '-b:a', '96k', '-shortest');
  args.push('-movflags', '+faststart', file);
  execFileSync('ffmpeg', args);
  return file;
}

export interface ProbedFile {
  duration: number;
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
}

/** ffprobe of a result file, as the acceptance checks read it. */
export function probeFile(file: string): ProbedFile {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height', '-of', 'json', file], { encoding: 'utf8' });
  const data = JSON.parse(out) as { format: { duration: string }; streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number }> };
  const video = data.streams.find((s) => s.codec_type === 'video');
  return {
    duration: Number(data.format.duration),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    videoCodec: video?.codec_name ?? '',
    hasAudio: data.streams.some((s) => s.codec_type === 'audio'),
  };
}

/** Whether the system has ffmpeg (the setup step installs it; tests say so plainly when it is missing). */
export function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A clip in three shots for the cut finders: `first` seconds of moving test picture with a tone,
 * a pause of `pause` seconds (black picture, no sound), then `last` seconds of still colour bars
 * with another tone. Keyframes every second.
 */
export function makeShotsClip(dir: string, { first = 3, pause = 1.5, last = 3 } = {}): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `shots-${first}-${pause}-${last}.mp4`);
  if (existsSync(file)) return file;
  const size = 'size=320x240:rate=25';
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=${size}:duration=${first}`,
    '-f', 'lavfi', '-i', `color=black:${size}:duration=${pause}`,
    '-f', 'lavfi', '-i', `smptebars=${size}:duration=${last}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${first}`,
    '-f', 'lavfi', '-i', `anullsrc=r=48000:cl=mono:duration=${pause}`,
    '-f', 'lavfi', '-i', `sine=frequency=660:sample_rate=48000:duration=${last}`,
    '-filter_complex', '[0:v][3:a][1:v][4:a][2:v][5:a]concat=n=3:v=1:a=1[v][a]',
    '-map', '[v]', '-map', '[a]',
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0',
    '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', file,
  ]);
  return file;
}
