import type { VideoFormat, VideoInfo } from '@contracts/local-helper.js';
import { run } from './processes.js';

/** The parts of `yt-dlp -J` this helper reads. */
interface YtDlpJson {
  title?: string;
  duration?: number;
  thumbnail?: string;
  formats?: Array<{
    format_id?: string;
    ext?: string;
    width?: number | null;
    height?: number | null;
    vcodec?: string | null;
    acodec?: string | null;
    filesize?: number | null;
    filesize_approx?: number | null;
    format_note?: string | null;
  }>;
}

const codec = (c: string | null | undefined) => (c && c !== 'none' ? c : null);

export async function ytDlpInfo(url: string, signal: AbortSignal): Promise<VideoInfo> {
  const { stdout } = await run('yt-dlp', ['-J', '--no-playlist', '--no-warnings', url], { signal, timeoutMs: 60_000 });
  const json = JSON.parse(stdout) as YtDlpJson;
  const formats: VideoFormat[] = (json.formats ?? [])
    .filter((f) => f.format_id)
    .map((f) => ({
      formatId: f.format_id ?? '',
      ext: f.ext ?? '',
      width: f.width ?? null,
      height: f.height ?? null,
      vcodec: codec(f.vcodec),
      acodec: codec(f.acodec),
      sizeBytes: f.filesize ?? f.filesize_approx ?? null,
      note: f.format_note ?? null,
    }));
  return { title: json.title ?? url, duration: json.duration ?? null, thumbnail: json.thumbnail ?? null, method: 'ytdlp', formats };
}

/** Downloads with yt-dlp into `dir`; resolves with the file it wrote. */
export async function ytDlpDownload(
  url: string,
  dir: string,
  opts: { fileName?: string; formatId?: string },
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const template = opts.fileName ? `${dir}/${opts.fileName}` : `${dir}/%(title).150B [%(id)s].%(ext)s`;
  const { stdout } = await run(
    'yt-dlp',
    ['--newline', '--no-playlist', '--no-overwrites', '-f', opts.formatId ?? 'bv*+ba/b', '-o', template, '--print', 'after_move:filepath', url],
    {
      signal,
      onLine: (line) => {
        const m = /^\[download\]\s+([\d.]+)%/.exec(line);
        if (m) onProgress(Number(m[1]) / 100);
      },
    },
  );
  const printed = stdout.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('['));
  const file = printed[printed.length - 1];
  if (!file) throw new Error('yt-dlp did not say which file it wrote');
  return file;
}
