/** What the WebCodecs trims share: the source opened with mediabunny, encoder settings, the output, audio copied, packets as chunks. */
import type * as Mediabunny from 'mediabunny';

export type WebCodecsMode = 'exact' | 'smart';

/** The source or the browser cannot take this path; `reason` says why (logged, and shown as the method). */
export class WebCodecsUnsupported extends Error {
  constructor(readonly reason: string) {
    super(`webcodecs unsupported: ${reason}`);
  }
}

export interface WebCodecsTrimResult {
  bytes: ArrayBuffer;
  /** What was done: an exact re-encode, or a smart cut (`smart` may end as `exact` for a span with no keyframe inside). */
  method: WebCodecsMode;
  reencodedFrames: number;
  copiedFrames: number;
}

export type Mb = typeof Mediabunny;
export type VideoTrack = Mediabunny.InputVideoTrack;
export type Packet = Mediabunny.EncodedPacket;

/** Timestamps closer than this count as equal (seconds; container time bases round). */
export const EPS = 0.0005;
/** Audio codecs whose packets MP4 takes as they are. */
export const COPY_AUDIO = new Set(['aac', 'opus', 'mp3']);
/** H.264 codec strings tried for an exact trim's encoder, best first (level 5.1 fits up to 4K at 30 fps). */
export const EXACT_CODECS = ['avc1.640033', 'avc1.4d0033', 'avc1.42e033'];

export interface Source {
  input: Mediabunny.Input;
  video: VideoTrack;
  audio: Mediabunny.InputAudioTrack | null;
  decoder: VideoDecoderConfig;
  fps: number;
  bitrate: number;
}

/** Opens the file and checks that this browser decodes its video and that its audio can be copied. */
export async function open(mb: Mb, file: File): Promise<Source> {
  if (typeof VideoDecoder === 'undefined' || typeof VideoEncoder === 'undefined') throw new WebCodecsUnsupported('no-webcodecs');
  const input = new mb.Input({ source: new mb.BlobSource(file), formats: [mb.MP4, mb.QTFF] });
  let video: VideoTrack | null;
  try {
    video = await input.getPrimaryVideoTrack();
  } catch {
    throw new WebCodecsUnsupported('container');
  }
  if (!video || video.codec !== 'avc') throw new WebCodecsUnsupported('video-codec');
  const tracks = await input.getTracks();
  const audio = await input.getPrimaryAudioTrack();
  if (tracks.length > (audio ? 2 : 1)) throw new WebCodecsUnsupported('extra-tracks');
  if (audio && !COPY_AUDIO.has(audio.codec ?? '')) throw new WebCodecsUnsupported('audio-codec');
  const decoder = await video.getDecoderConfig();
  if (!decoder || !(await VideoDecoder.isConfigSupported(decoder)).supported) throw new WebCodecsUnsupported('decoder');
  const stats = await video.computePacketStats(120);
  return { input, video, audio, decoder, fps: stats.averagePacketRate || 30, bitrate: stats.averageBitrate || 4_000_000 };
}

/** The first encoder configuration this browser supports, or null. */
export async function encoderConfig(codecs: string[], src: Source, bitrate: number, annexb: boolean): Promise<VideoEncoderConfig | null> {
  for (const codec of codecs) {
    const config: VideoEncoderConfig = {
      codec,
      width: src.video.codedWidth,
      height: src.video.codedHeight,
      bitrate: Math.round(bitrate),
      framerate: src.fps,
      avc: { format: annexb ? 'annexb' : 'avc' },
    };
    const support = await VideoEncoder.isConfigSupported(config);
    if (support.supported) return config;
  }
  return null;
}

/** The muxer, with a video track fed packets by the caller and the span's audio copied beside it. */
export async function openOutput(mb: Mb, src: Source) {
  const target = new mb.BufferTarget();
  const output = new mb.Output({ format: new mb.Mp4OutputFormat({ fastStart: 'in-memory' }), target });
  const video = new mb.EncodedVideoPacketSource('avc');
  output.addVideoTrack(video, { rotation: src.video.rotation, frameRate: src.fps });
  const audio = src.audio ? new mb.EncodedAudioPacketSource(src.audio.codec as Mediabunny.AudioCodec) : null;
  if (audio) output.addAudioTrack(audio);
  await output.start();
  return { output, target, video, audio };
}

/**
 * Copies the audio packets of [start, end): from the packet nearest `start` to the last one that
 * starts before `end` less half a packet, shifted so the span starts at 0 (a first packet that
 * began before `start` is moved to 0, under half an audio frame late: 10.7 ms for 48 kHz AAC).
 */
export async function copyAudio(mb: Mb, src: Source, sink: Mediabunny.EncodedAudioPacketSource | null, start: number, end: number): Promise<void> {
  if (!src.audio || !sink) return;
  const packets = new mb.EncodedPacketSink(src.audio);
  let first = (await packets.getPacket(start)) ?? (await packets.getFirstPacket());
  if (first && start - first.timestamp > first.duration / 2) first = await packets.getNextPacket(first);
  if (!first) return;
  const shift = first.timestamp < start ? first.timestamp : start;
  const config = await src.audio.getDecoderConfig();
  let sent = false;
  for await (const p of packets.packets(first)) {
    if (p.timestamp + p.duration / 2 > end + EPS) break;
    await sink.add(p.clone({ timestamp: p.timestamp - shift }), sent || !config ? undefined : { decoderConfig: config });
    sent = true;
  }
}

/** Packets from `from` in decode order, until `stop` says so (that packet not included). */
export async function* packetsUntil(sink: Mediabunny.EncodedPacketSink, from: Packet, stop: (p: Packet) => boolean): AsyncGenerator<Packet> {
  for await (const p of sink.packets(from)) {
    if (stop(p)) return;
    yield p;
  }
}

export async function* chunks(packets: AsyncIterable<Packet>): AsyncGenerator<EncodedVideoChunk> {
  for await (const p of packets) yield p.toEncodedVideoChunk();
}

/** A frame re-stamped to the output's time line (the original is closed). */
export function shifted(frame: VideoFrame, startUs: number): VideoFrame {
  const out = new VideoFrame(frame, { timestamp: frame.timestamp - startUs, duration: frame.duration ?? undefined });
  frame.close();
  return out;
}

export const us = (seconds: number) => Math.round(seconds * 1e6);
