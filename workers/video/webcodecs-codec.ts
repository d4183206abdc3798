/**
 * Decoding and encoding with WebCodecs, with back-pressure: at most a few chunks or frames wait in
 * each queue, so a long span never piles decoded 1080p frames up in memory.
 */

const QUEUE = 8;

/**
 * Resolves once `queueSize()` is at most QUEUE, rejects once the codec failed. WebCodecs fires
 * `dequeue` as its queues drain; a codec that errors or closes fires none, so the state is also
 * looked at every 100 ms rather than waiting on an event that may never come.
 */
function drain(target: VideoDecoder | VideoEncoder, queueSize: () => number, failed: () => Error | null): Promise<void> {
  if (queueSize() <= QUEUE && !failed()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener('dequeue', check);
      clearInterval(timer);
    };
    const check = () => {
      const error = failed() ?? (target.state === 'closed' ? new Error('the codec closed') : null);
      if (error) {
        done();
        reject(error);
      } else if (queueSize() <= QUEUE) {
        done();
        resolve();
      }
    };
    const timer = setInterval(check, 100);
    target.addEventListener('dequeue', check);
    check();
  });
}

export interface FrameEncoder {
  /** Encodes a frame (closing it); the first one is a keyframe. */
  encode(frame: VideoFrame): Promise<void>;
  /** Waits for every chunk and closes the encoder. */
  finish(): Promise<void>;
}

/** A VideoEncoder handing its chunks (in decode order) to `onChunk`. */
export function frameEncoder(config: VideoEncoderConfig, onChunk: (chunk: EncodedVideoChunk, meta: EncodedVideoChunkMetadata | undefined) => void): FrameEncoder {
  // A holder: the error arrives in a callback, which TypeScript's narrowing does not see.
  const failure: { error: Error | null } = { error: null };
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      try {
        onChunk(chunk, meta);
      } catch (e) {
        failure.error = e instanceof Error ? e : new Error(String(e));
      }
    },
    error: (e) => {
      failure.error = e;
    },
  });
  encoder.configure(config);
  let first = true;
  return {
    async encode(frame) {
      if (failure.error) {
        frame.close();
        throw failure.error;
      }
      encoder.encode(frame, { keyFrame: first });
      first = false;
      frame.close();
      await drain(encoder, () => encoder.encodeQueueSize, () => failure.error);
    },
    async finish() {
      const check = () => {
        if (failure.error) throw failure.error;
      };
      check();
      await encoder.flush();
      encoder.close();
      check();
    },
  };
}

/**
 * Decodes `chunks` (decode order, from a keyframe) and hands every frame to `onFrame` in
 * presentation order; `onFrame` owns the frame (closes or encodes it).
 */
export async function decodeAll(config: VideoDecoderConfig, chunks: AsyncIterable<EncodedVideoChunk>, onFrame: (frame: VideoFrame) => Promise<void>): Promise<void> {
  const failure: { error: Error | null } = { error: null };
  let pending: Promise<void> = Promise.resolve();
  const decoder = new VideoDecoder({
    // Frames come out in presentation order; each waits for the one before it to be handled.
    output: (frame) => {
      pending = pending.then(
        () => onFrame(frame),
        (e: unknown) => {
          frame.close();
          throw e;
        },
      );
    },
    error: (e) => {
      failure.error = e;
    },
  });
  decoder.configure(config);
  try {
    for await (const chunk of chunks) {
      if (failure.error) throw failure.error;
      decoder.decode(chunk);
      await drain(decoder, () => decoder.decodeQueueSize, () => failure.error);
      await pending;
    }
    await decoder.flush();
    await pending;
    if (failure.error) throw failure.error;
  } finally {
    if (decoder.state !== 'closed') decoder.close();
  }
}
