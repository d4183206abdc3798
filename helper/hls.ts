import { run } from './processes.js';

/** Seconds from ffmpeg's "HH:MM:SS.xx". */
export function clockSeconds(text: string): number | null {
  const m = /(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(text);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

export interface CopyProgress {
  /** Seconds of media written so far. */
  seconds: number;
  /** Bytes written so far. */
  bytes: number;
  /** Length of the input, once ffmpeg has read it. */
  duration: number | null;
}

/**
 * Copies an HLS playlist (or any stream ffmpeg reads by URL) into one MP4 without re-encoding.
 * Only network protocols are allowed as inputs, so a playlist cannot make ffmpeg read local files.
 */
export async function copyStreamToMp4(url: string, out: string, signal: AbortSignal, onProgress: (p: CopyProgress) => void): Promise<void> {
  const progress: CopyProgress = { seconds: 0, bytes: 0, duration: null };
  await run(
    'ffmpeg',
    ['-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'http,https,tcp,tls,crypto', '-i', url, '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-f', 'mp4', '-progress', 'pipe:1', '-nostats', out],
    {
      signal,
      onErrLine: (line) => {
        if (progress.duration === null && line.includes('Duration:')) progress.duration = clockSeconds(line.split('Duration:')[1] ?? '');
      },
      onLine: (line) => {
        const [key, value] = line.split('=');
        if (key === 'out_time_us' && value && /^\d+$/.test(value)) progress.seconds = Number(value) / 1e6;
        else if (key === 'total_size' && value && /^\d+$/.test(value)) progress.bytes = Number(value);
        else if (key === 'progress') onProgress({ ...progress });
      },
    },
  );
}
