/**
 * Exact and smart trims of H.264 MP4s with the browser's own codecs (WebCodecs) and mediabunny's
 * MP4 demuxer and muxer (docs/video-webcodecs.md):
 * - exact: the span's frames decoded from the keyframe before it and re-encoded;
 * - smart: the source's packets copied from the first keyframe in the span, only the frames before
 *   it (the head) and the few a B-frame end leaves out (the tail) re-encoded, their SPS/PPS in-band;
 * - audio in both: the source's packets of the span copied (AAC encoding is missing from Chromium
 *   on Linux; audio frames are independent, so the cut lands on the nearest audio frame boundary).
 * Anything it cannot do throws `WebCodecsUnsupported` before any work, and the page runs ffmpeg.wasm.
 */
import type * as Mediabunny from 'mediabunny';
import { annexBToSample, hasSps, parseAvcC, smartCutCompatible, splitAnnexB, withParameterSets, type AvcConfig } from './webcodecs-avc';
import { decodeAll, frameEncoder } from './webcodecs-codec';

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

type Mb = typeof Mediabunny;
type VideoTrack = Mediabunny.InputVideoTrack;
type Packet = Mediabunny.EncodedPacket;

/** Timestamps closer than this count as equal (seconds; container time bases round). */
const EPS = 0.0005;
/** Audio codecs whose packets MP4 takes as they are. */
const COPY_AUDIO = new Set(['aac', 'opus', 'mp3']);
/** H.264 codec strings tried for an exact trim's encoder, best first (level 5.1 fits up to 4K at 30 fps). */
const EXACT_CODECS = ['avc1.640033', 'avc1.4d0033', 'avc1.42e033'];

interface Source {
  input: Mediabunny.Input;
  video: VideoTrack;
  audio: Mediabunny.InputAudioTrack | null;
  decoder: VideoDecoderConfig;
  fps: number;
  bitrate: number;
}

/** Opens the file and checks that this browser decodes its video and that its audio can be copied. */
async function open(mb: Mb, file: File): Promise<Source> {
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
async function encoderConfig(codecs: string[], src: Source, bitrate: number, annexb: boolean): Promise<VideoEncoderConfig | null> {
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
async function openOutput(mb: Mb, src: Source) {
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
async function copyAudio(mb: Mb, src: Source, sink: Mediabunny.EncodedAudioPacketSource | null, start: number, end: number): Promise<void> {
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
async function* packetsUntil(sink: Mediabunny.EncodedPacketSink, from: Packet, stop: (p: Packet) => boolean): AsyncGenerator<Packet> {
  for await (const p of sink.packets(from)) {
    if (stop(p)) return;
    yield p;
  }
}

async function* chunks(packets: AsyncIterable<Packet>): AsyncGenerator<EncodedVideoChunk> {
  for await (const p of packets) yield p.toEncodedVideoChunk();
}

/** A frame re-stamped to the output's time line (the original is closed). */
function shifted(frame: VideoFrame, startUs: number): VideoFrame {
  const out = new VideoFrame(frame, { timestamp: frame.timestamp - startUs, duration: frame.duration ?? undefined });
  frame.close();
  return out;
}

const us = (seconds: number) => Math.round(seconds * 1e6);

export async function webcodecsTrim(
  mb: Mb,
  file: File,
  span: { start: number; end: number },
  mode: WebCodecsMode,
  onProgress?: (fraction: number) => void,
): Promise<WebCodecsTrimResult> {
  const src = await open(mb, file);
  try {
    const sink = new mb.EncodedPacketSink(src.video);
    if (mode === 'smart') {
      const plan = await smartPlan(mb, src, sink, span).catch((error: unknown) => {
        // A source whose frames cannot be mixed with re-encoded ones is still trimmed exactly here.
        if (error instanceof WebCodecsUnsupported && error.reason.startsWith('smart-')) {
          console.info(`smart cut not possible (${error.reason}): exact trim with WebCodecs`);
          return null;
        }
        throw error;
      });
      if (plan) return await smartTrim(mb, src, sink, span, plan, onProgress);
    }
    return await exactTrim(mb, src, sink, span, onProgress);
  } finally {
    src.input.dispose();
  }
}

async function exactTrim(mb: Mb, src: Source, sink: Mediabunny.EncodedPacketSink, span: { start: number; end: number }, onProgress?: (fraction: number) => void): Promise<WebCodecsTrimResult> {
  const config = await encoderConfig(EXACT_CODECS, src, Math.max(src.bitrate, 1_000_000), false);
  if (!config) throw new WebCodecsUnsupported('encoder');
  const key = await sink.getKeyPacket(span.start + EPS, { verifyKeyPackets: true });
  if (!key) throw new WebCodecsUnsupported('no-keyframe');
  const out = await openOutput(mb, src);
  const expected = Math.max(1, Math.round((span.end - span.start) * src.fps));
  let encoded = 0;
  let sent = false;
  let queue: Promise<void> = Promise.resolve();
  const encoder = frameEncoder(config, (chunk, meta) => {
    const packet = mb.EncodedPacket.fromEncodedChunk(chunk);
    const first = !sent;
    sent = true;
    queue = queue.then(() => out.video.add(packet, first ? meta : undefined));
  });
  const audioDone = copyAudio(mb, src, out.audio, span.start, span.end);
  const startUs = us(span.start);
  const endUs = us(span.end);
  // Past the end, B-frames may still hold frames before it: a few more packets, up to the next keyframe.
  let past = 0;
  const stop = (p: Packet) => p.timestamp >= span.end - EPS && (p.type === 'key' || ++past > 16);
  await decodeAll(src.decoder, chunks(packetsUntil(sink, key, stop)), async (frame) => {
    if (frame.timestamp < startUs - 500 || frame.timestamp >= endUs - 500) {
      frame.close();
      return;
    }
    await encoder.encode(shifted(frame, startUs));
    encoded++;
    onProgress?.(Math.min(0.99, encoded / expected));
  });
  await encoder.finish();
  await queue;
  await audioDone;
  if (encoded === 0) throw new Error('no frames in the span');
  await out.output.finalize();
  return { bytes: out.target.buffer!, method: 'exact', reencodedFrames: encoded, copiedFrames: 0 };
}

interface SmartPlan {
  avc: AvcConfig;
  encoder: VideoEncoderConfig;
  /** The keyframe at or before the start (decoded from for the head). */
  headKey: Packet;
  /** The first keyframe in the span: copying starts here. */
  copyKey: Packet;
  /** Presentation times (µs) of the frames before the end that the copied prefix leaves out. */
  tail: Set<number>;
  /** The keyframe the tail is decoded from, and the packet after the last one it needs. */
  tailKey: Packet | null;
}

/**
 * Plans a smart cut, or returns null when the span has no keyframe inside it (then it is
 * re-encoded whole, as the native smart cut does). Throws `WebCodecsUnsupported` when the
 * re-encoded frames could not share the source's track (profile, chroma, bit depth, open GOP).
 */
async function smartPlan(mb: Mb, src: Source, sink: Mediabunny.EncodedPacketSink, span: { start: number; end: number }): Promise<SmartPlan | null> {
  const description = src.decoder.description;
  if (!description) throw new WebCodecsUnsupported('no-avcc');
  const bytes = ArrayBuffer.isView(description) ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength) : new Uint8Array(description);
  const avc = parseAvcC(bytes);
  const blocker = smartCutCompatible(avc);
  if (blocker) throw new WebCodecsUnsupported(`smart-${blocker}`);
  const headKey = await sink.getKeyPacket(span.start + EPS, { verifyKeyPackets: true });
  if (!headKey) throw new WebCodecsUnsupported('no-keyframe');
  const copyKey = headKey.timestamp >= span.start - EPS ? headKey : await sink.getNextKeyPacket(headKey, { verifyKeyPackets: true });
  if (!copyKey || copyKey.timestamp >= span.end - EPS) return null;
  const codecs = [src.decoder.codec, 'avc1.640033', 'avc1.4d0033', 'avc1.42e033'];
  // The re-encoded pieces get a generous bit rate: they sit between copied frames and should not stand out.
  const encoder = await encoderConfig(codecs, src, Math.max(src.bitrate * 2, 2_000_000), true);
  if (!encoder) throw new WebCodecsUnsupported('encoder');
  // An open GOP (a frame stored after the keyframe but shown before it) cannot be copied from the keyframe on.
  const meta = { metadataOnly: true } as const;
  let n = 0;
  for await (const p of sink.packets(copyKey, undefined, meta)) {
    if (p !== copyKey && (p.type === 'key' || ++n > 64)) break;
    if (p.timestamp < copyKey.timestamp - EPS) throw new WebCodecsUnsupported('smart-open-gop');
  }
  // The copied prefix ends before the first packet (decode order) shown at or after the end; the
  // frames before the end stored after it (B-frames) make the tail.
  const tail = new Set<number>();
  let tailKey: Packet | null = null;
  let gopKey = copyKey;
  let stopped = false;
  let after = 0;
  for await (const p of sink.packets(copyKey, undefined, meta)) {
    if (p.type === 'key') {
      if (stopped) break;
      gopKey = p;
    }
    if (!stopped && p.timestamp >= span.end - EPS) {
      stopped = true;
      tailKey = gopKey;
    }
    if (stopped) {
      if (p.timestamp < span.end - EPS) tail.add(us(p.timestamp));
      if (++after > 64) break;
    }
  }
  // Packets read metadata-only cannot start a read with data: the tail's keyframe is read again.
  const tailStart = tail.size > 0 && tailKey ? await sink.getKeyPacket(tailKey.timestamp + EPS, { verifyKeyPackets: true }) : null;
  return { avc, encoder, headKey, copyKey, tail, tailKey: tailStart };
}

async function smartTrim(
  mb: Mb,
  src: Source,
  sink: Mediabunny.EncodedPacketSink,
  span: { start: number; end: number },
  plan: SmartPlan,
  onProgress?: (fraction: number) => void,
): Promise<WebCodecsTrimResult> {
  const out = await openOutput(mb, src);
  const audioDone = copyAudio(mb, src, out.audio, span.start, span.end);
  const startUs = us(span.start);
  const expected = Math.max(1, Math.round((span.end - span.start) * src.fps));
  let done = 0;
  let sent = false;
  // The track's sample entry carries the source's avcC; re-encoded pieces bring their own SPS/PPS in-band.
  const add = async (packet: Packet) => {
    const first = !sent;
    sent = true;
    await out.video.add(packet, first ? { decoderConfig: src.decoder } : undefined);
    done++;
    onProgress?.(Math.min(0.99, done / expected));
  };
  let reencoded = 0;
  /** Decodes from `key` and re-encodes the frames `keep` picks, as one piece starting on a keyframe. */
  const reencode = async (key: Packet, stop: (p: Packet) => boolean, keep: (timestampUs: number) => boolean) => {
    const pieces: Packet[] = [];
    const encoder = frameEncoder(plan.encoder, (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      if (pieces.length === 0 && !hasSps(splitAnnexB(data))) throw new Error('the encoder wrote no SPS in-band');
      pieces.push(new mb.EncodedPacket(annexBToSample(data, plan.avc.lengthSize), chunk.type, chunk.timestamp / 1e6, (chunk.duration ?? 0) / 1e6));
    });
    await decodeAll(src.decoder, chunks(packetsUntil(sink, key, stop)), async (frame) => {
      if (!keep(frame.timestamp)) {
        frame.close();
        return;
      }
      await encoder.encode(shifted(frame, startUs));
    });
    await encoder.finish();
    for (const p of pieces) await add(p);
    reencoded += pieces.length;
  };

  // 1. Head: the frames from the start to the first keyframe in the span.
  const copyKeyUs = us(plan.copyKey.timestamp);
  if (plan.headKey !== plan.copyKey) {
    await reencode(plan.headKey, (p) => p.sequenceNumber === plan.copyKey.sequenceNumber, (t) => t >= startUs - 500 && t < copyKeyUs - 500);
  }
  // 2. Copy: packets from that keyframe up to the first one shown at or after the end.
  let copied = 0;
  for await (const p of sink.packets(plan.copyKey)) {
    if (p.timestamp >= span.end - EPS) break;
    const data = p === plan.copyKey || (copied === 0 && p.type === 'key') ? withParameterSets(p.data, plan.avc) : p.data;
    await add(new mb.EncodedPacket(data, p.type, p.timestamp - span.start, p.duration));
    copied++;
  }
  // 3. Tail: the B-frames before the end that the copy left out.
  if (plan.tailKey) {
    const tail = [...plan.tail];
    const inTail = (t: number) => tail.some((x) => Math.abs(x - t) < 500);
    let remaining = tail.length;
    let over = false;
    await reencode(
      plan.tailKey,
      (p) => {
        // Stop feeding once every tail frame's packet and the one after it went in.
        if (over) return true;
        if (inTail(us(p.timestamp)) && --remaining === 0) over = true;
        return false;
      },
      inTail,
    );
  }
  await audioDone;
  await out.output.finalize();
  return { bytes: out.target.buffer!, method: 'smart', reencodedFrames: reencoded, copiedFrames: copied };
}
