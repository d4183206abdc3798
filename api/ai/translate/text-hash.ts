import { createHash } from 'node:crypto';

/** Bumped when the prompt or the placeholder rules change, so older cached translations are not reused. */
export const TRANSLATION_VERSION = 1;

/** The cache key of a paragraph's source text (with the language pair kept in its own columns). */
export function textHash(text: string): string {
  return createHash('sha256').update(`v${TRANSLATION_VERSION}\n${text}`).digest('hex');
}
