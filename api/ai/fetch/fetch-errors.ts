import type { RefusalReason } from './address-policy.js';

/** Why a page could not be read; reader.service.ts turns each into an error code. */
export type PageFetchFailure =
  | { kind: 'invalidUrl' }
  | { kind: 'refused'; reason: RefusalReason; address?: string }
  | { kind: 'tooLarge'; limitBytes: number }
  | { kind: 'contentType'; contentType: string }
  | { kind: 'timeout'; limitMs: number }
  | { kind: 'network'; detail: string }
  | { kind: 'status'; status: number }
  | { kind: 'tooManyRedirects'; limit: number };

export class PageFetchError extends Error {
  constructor(readonly failure: PageFetchFailure) {
    super(`page fetch failed: ${JSON.stringify(failure)}`);
    this.name = 'PageFetchError';
  }
}
