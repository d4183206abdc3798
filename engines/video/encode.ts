/** Re-encoding settings shared by every exact operation: H.264 + AAC in MP4, tuned for speed in wasm. */
export const VIDEO_ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p'];
export const AUDIO_ENCODE = ['-c:a', 'aac', '-b:a', '128k'];
/** Moves the index to the front so the result plays while it loads and seeks at once. */
export const MP4_FLAGS = ['-movflags', '+faststart'];

/** Seconds as ffmpeg reads them, with millisecond precision (no exponent notation). */
export function sec(value: number): string {
  return Math.max(0, value).toFixed(3);
}

/** The container extension of a file name, lower case, `mp4` when there is none we can keep for copies. */
export function copyExtension(name: string): string {
  const ext = /\.([a-z0-9]{2,4})$/i.exec(name)?.[1]?.toLowerCase();
  return ext && ['mp4', 'm4v', 'mov', 'mkv', 'webm', 'ts', 'avi', 'flv'].includes(ext) ? ext : 'mp4';
}
