import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test photographs made by tools we did not write: ffmpeg's generators (varied content: smooth,
 * detailed, noisy), exiftool for EXIF, libheif's heif-enc for HEIC (Debian: ffmpeg,
 * libimage-exiftool-perl, libheif-examples; djxl from libjxl-tools decodes JPEG XL).
 */

export const PHOTO_KINDS = {
  /** Soft gradients with film grain: most like a sky or a wall. */
  smooth: 'gradients=s=WxH:c0=0x3060a0:c1=0xe0c090:speed=0.01,noise=alls=6:allf=u',
  /** Sharp fractal detail: foliage, text. */
  detailed: 'mandelbrot=s=WxH:end_pts=30,noise=alls=12:allf=u',
  /** Test card with moving colours and noise: mixed. */
  mixed: 'testsrc2=s=WxH,noise=alls=18:allf=u',
} as const;
export type PhotoKind = keyof typeof PHOTO_KINDS;

function inTemp<T>(run: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'photos-'));
  try {
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One frame of a generator as a file of the extension's type (png, jpg). */
export function photo(kind: PhotoKind, width: number, height: number, ext: 'png' | 'jpg' = 'png'): Buffer {
  const [source, ...filters] = PHOTO_KINDS[kind].replace('WxH', `${width}x${height}`).split(',');
  return inTemp((dir) => {
    const out = join(dir, `p.${ext}`);
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source!, ...(filters.length ? ['-vf', filters.join(',')] : []), '-frames:v', '1', '-q:v', '2', out]);
    return readFileSync(out);
  });
}

/** One frame of a generator as RGBA pixels (ffmpeg's rawvideo), as a decoder would hand them over. */
export function photoPixels(kind: PhotoKind, width: number, height: number): { data: Uint8ClampedArray; width: number; height: number } {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], { input: photo(kind, width, height), maxBuffer: width * height * 8 });
  return { data: new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.byteLength), width, height };
}

/** Camera, date taken, orientation and a GPS position, as a phone writes them. */
export const CAMERA_TAGS = [
  '-Make=DocuFlow Test Camera',
  '-Model=Phone 15',
  '-DateTimeOriginal=2024:05:01 10:20:30',
  '-GPSLatitude=48.8584',
  '-GPSLatitudeRef=N',
  '-GPSLongitude=2.2945',
  '-GPSLongitudeRef=E',
];

/** A JPEG with CAMERA_TAGS and the given EXIF orientation. */
export function withCameraExif(jpeg: Buffer, orientation = 1): Buffer {
  return inTemp((dir) => {
    const file = join(dir, 'a.jpg');
    writeFileSync(file, jpeg);
    execFileSync('exiftool', ['-q', '-overwrite_original', '-n', `-Orientation=${orientation}`, ...CAMERA_TAGS, file]);
    return readFileSync(file);
  });
}

/** HEIC through heif-enc (it copies a JPEG's EXIF into the HEIC's Exif item). */
export function heicFrom(image: Buffer, ext: 'png' | 'jpg', quality = 70): Buffer {
  return inTemp((dir) => {
    execFileSync('heif-enc', ['-q', String(quality), '-o', join(dir, 'out.heic'), writeTo(dir, `in.${ext}`, image)]);
    return readFileSync(join(dir, 'out.heic'));
  });
}

/** A HEIC decoded by libheif's own heif-convert (an independent reference for what we decode). */
export function heifConvert(heic: Buffer): Buffer {
  return inTemp((dir) => {
    execFileSync('heif-convert', [writeTo(dir, 'in.heic', heic), join(dir, 'out.png')], { stdio: 'ignore' });
    return readFileSync(join(dir, 'out.png'));
  });
}

function writeTo(dir: string, name: string, bytes: Uint8Array): string {
  writeFileSync(join(dir, name), bytes);
  return join(dir, name);
}

/** exiftool's reading of a file's tags (-n: numbers as numbers), by tag name. */
export function exifTags(bytes: Uint8Array, ext: string): Record<string, unknown> {
  return inTemp((dir) => {
    const json = execFileSync('exiftool', ['-j', '-n', '-G0', writeTo(dir, `f.${ext}`, bytes)], { encoding: 'utf8' });
    const [tags] = JSON.parse(json) as Array<Record<string, unknown>>;
    return Object.fromEntries(Object.entries(tags!).map(([k, v]) => [k.replace(/^[^:]+:/, ''), v]));
  });
}

/**
 * SSIM of `candidate` against `reference` from ffmpeg (the candidate scaled to the reference's size
 * first when smaller); `decode` names a file type ffmpeg cannot read itself (jxl: djxl first).
 */
export function ssim(reference: Uint8Array, refExt: string, candidate: Uint8Array, ext: string): number {
  return inTemp((dir) => {
    let cand = writeTo(dir, `c.${ext}`, candidate);
    if (ext === 'jxl') {
      execFileSync('djxl', [cand, join(dir, 'c.png')], { stdio: 'ignore' });
      cand = join(dir, 'c.png');
    }
    const ref = writeTo(dir, `r.${refExt}`, reference);
    // ffmpeg prints the SSIM summary on stderr.
    const run = spawnSync('ffmpeg', ['-v', 'info', '-i', cand, '-i', ref, '-lavfi', '[0:v][1:v]scale2ref=flags=bicubic[a][b];[a][b]ssim', '-f', 'null', '-'], { encoding: 'utf8' });
    return ssimFrom(run.stderr);
  });
}

function ssimFrom(log: string): number {
  const match = /All:([0-9.]+)/.exec(log);
  if (!match) throw new Error(`no SSIM in ffmpeg's output: ${log.slice(-400)}`);
  return Number(match[1]);
}

/** Width and height as ffprobe (or djxl for JPEG XL) decodes them: an independent decoder. */
export function decodedSize(bytes: Uint8Array, ext: string): { width: number; height: number } {
  return inTemp((dir) => {
    let file = writeTo(dir, `f.${ext}`, bytes);
    if (ext === 'jxl') {
      execFileSync('djxl', [file, join(dir, 'f.png')], { stdio: 'ignore' });
      file = join(dir, 'f.png');
    }
    const [width, height] = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' })
      .trim()
      .split(',')
      .map(Number);
    return { width: width!, height: height! };
  });
}
