/**
 * What the browser can take. Inputs are mounted read-only (WORKERFS) and never copied into the
 * wasm heap, so they may be large; outputs are written inside the heap, which the core caps
 * (2 GiB single-threaded), so their estimated size is held well under that.
 */
export const MAX_INPUT_BYTES = 2 * 1024 ** 3;
export const MAX_OUTPUT_BYTES = 1024 ** 3;

export type SizeVerdict = { ok: true } | { ok: false; reason: 'input-too-large' | 'output-too-large'; limit: number };

/** Checks the inputs and the estimated output against the limits above. */
export function checkSizes(inputBytes: readonly number[], estimatedOutputBytes: number): SizeVerdict {
  if (inputBytes.some((b) => b > MAX_INPUT_BYTES)) return { ok: false, reason: 'input-too-large', limit: MAX_INPUT_BYTES };
  if (estimatedOutputBytes > MAX_OUTPUT_BYTES) return { ok: false, reason: 'output-too-large', limit: MAX_OUTPUT_BYTES };
  return { ok: true };
}

/** A copy's output is about its share of the input; a re-encode at our CRF is rarely larger than the input's rate. */
export function estimateOutputBytes(inputBytes: number, inputSeconds: number, outputSeconds: number): number {
  if (!(inputSeconds > 0)) return inputBytes;
  return Math.ceil(inputBytes * Math.min(1, outputSeconds / inputSeconds) * 1.1);
}
