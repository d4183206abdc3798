/**
 * The smart cut with WebCodecs: the source's packets copied from the first keyframe in the span,
 * only the frames before it (the head) and the few a B-frame end leaves out (the tail) re-encoded,
 * their SPS/PPS in-band (docs/video-webcodecs.md).
 */
import type * as Mediabunny from 'mediabunny';
import { annexBToSample, hasSps, parseAvcC, smartCutCompatible, splitAnnexB, withParameterSets, type AvcConfig } from './webcodecs-avc';
import { decodeAll, frameEncoder } from './webcodecs-codec';
import { type Mb, type Packet, EPS, type Source, encoderConfig, openOutput, copyAudio, packetsUntil, chunks, shifted, us, WebCodecsUnsupported, type WebCodecsTrimResult } from './webcodecs-media';

export interface SmartPlan {
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
export async function smartPlan(mb: Mb, src: Source, sink: Mediabunny.EncodedPacketSink, span: { start: number; end: number }): Promise<SmartPlan | null> {
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

export async function smartTrim(
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
