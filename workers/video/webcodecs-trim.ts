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
import { decodeAll, frameEncoder } from './webcodecs-codec';
import { type Mb, type Packet, EPS, EXACT_CODECS, type Source, open, encoderConfig, openOutput, copyAudio, packetsUntil, chunks, shifted, us, WebCodecsUnsupported, type WebCodecsTrimResult, type WebCodecsMode } from './webcodecs-media';
import { smartPlan, smartTrim } from './webcodecs-smart';

export { WebCodecsUnsupported, type WebCodecsMode, type WebCodecsTrimResult } from './webcodecs-media';

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

