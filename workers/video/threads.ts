/**
 * With the multi-threaded core, ffmpeg's "auto" thread counts (decoder: cores + 1, x264: 1.5 x
 * cores plus lookahead) stalled the first encode in Chromium: frames crawled, then stopped. A
 * fixed count per decoder, per encoder and for filters finished. The count goes before every
 * input and before the output file (the last argument), where ffmpeg reads it per stream.
 */
export function withThreads(args: readonly string[], threads: number): string[] {
  const n = String(Math.max(1, Math.min(8, Math.floor(threads))));
  const out: string[] = ['-filter_threads', n];
  args.forEach((arg, i) => {
    const isOutput = i === args.length - 1;
    if (arg === '-i' || isOutput) out.push('-threads', n);
    out.push(arg);
  });
  return out;
}
