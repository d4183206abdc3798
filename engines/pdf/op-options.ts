import type { ConvertOptions } from '@engines/document/types.js';

/** What every PDF page operation accepts besides its input and options. */
export type PdfOpOptions = Pick<ConvertOptions, 'onProgress' | 'signal'>;

/** Stops between files or pages when the user cancelled; the worker bridge knows this name. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  const error = new Error('Aborted');
  error.name = 'AbortError';
  throw error;
}

