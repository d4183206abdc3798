import { basename } from 'node:path';
import type { DownloadMethod, VideoFormat, VideoInfo } from '@contracts/local-helper.js';
import { invalid } from './errors.js';
import { run } from './processes.js';
import { ytDlpInfo } from './ytdlp.js';

interface ProbeJson {
  format?: { duration?: string; tags?: { title?: string } };
  streams?: Array<{ codec_type?: string; codec_name?: string; width?: number; height?: number; index?: number }>;
}

const NETWORK_ONLY = ['-protocol_whitelist', 'http,https,tcp,tls,crypto'];

/** How a URL is fetched: its answer's type says media file, playlist, or a web page for yt-dlp. */
export async function classify(url: string, signal: AbortSignal): Promise<DownloadMethod> {
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'follow' });
  } catch {
    throw invalid('url', 'videoHelper.errors.unreachable');
  }
  await res.body?.cancel();
  if (!res.ok) throw invalid('url', 'videoHelper.errors.unreachable');
  const type = res.headers.get('content-type') ?? '';
  if (/mpegurl/i.test(type) || new URL(url).pathname.toLowerCase().endsWith('.m3u8')) return 'hls';
  return /^text\/html/i.test(type) ? 'ytdlp' : 'direct';
}

/** A small JPEG of the first second as a data URL (the page's CSP allows data: images; no extra route). */
async function thumbnail(url: string, signal: AbortSignal): Promise<string | null> {
  try {
    const { stdout } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', ...NETWORK_ONLY, '-ss', '1', '-i', url, '-frames:v', '1', '-vf', 'scale=320:-2', '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '5', 'pipe:1'], { signal, timeoutMs: 30_000, binary: true });
    return stdout === '' ? null : `data:image/jpeg;base64,${stdout}`;
  } catch {
    return null;
  }
}

/** Title, length, thumbnail and formats: yt-dlp -J for sites, ffprobe for files and playlists. */
export async function videoInfo(url: string, ytDlp: boolean, signal: AbortSignal): Promise<VideoInfo> {
  const method = await classify(url, signal);
  if (method === 'ytdlp') {
    if (!ytDlp) throw invalid('url', 'videoHelper.errors.needsYtDlp');
    return ytDlpInfo(url, signal);
  }
  let json: ProbeJson;
  try {
    const { stdout } = await run('ffprobe', ['-v', 'error', ...NETWORK_ONLY, '-print_format', 'json', '-show_format', '-show_streams', url], { signal, timeoutMs: 60_000 });
    json = JSON.parse(stdout) as ProbeJson;
  } catch {
    throw invalid('url', 'videoHelper.errors.notMedia');
  }
  const streams = json.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  const formats: VideoFormat[] = streams
    .filter((s) => s.codec_type === 'video')
    .map((s) => ({ formatId: String(s.index ?? 0), ext: 'mp4', width: s.width ?? null, height: s.height ?? null, vcodec: s.codec_name ?? null, acodec: audio?.codec_name ?? null, sizeBytes: null, note: method === 'hls' ? 'HLS' : null }));
  if (formats.length === 0) throw invalid('url', 'videoHelper.errors.notMedia');
  const duration = Number(json.format?.duration);
  return {
    title: json.format?.tags?.title ?? decodeURIComponent(basename(new URL(url).pathname)),
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    thumbnail: await thumbnail(url, signal),
    method,
    formats,
  };
}
