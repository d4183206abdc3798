import { MAX_INPUT_BYTES } from '@engines/video/limits';
import { readStorage } from '../../../lib/storage';

/**
 * A lower input limit for the browser, read from localStorage (`videoTools.browserLimitBytes`):
 * lets a test (or a user on a small machine) send smaller files to the helper. Only a value below
 * the real limit counts, so it can never make the browser take more than it can.
 */
export const BROWSER_LIMIT_KEY = 'videoTools.browserLimitBytes';

export function browserInputLimit(): number {
  const value = Number(readStorage(BROWSER_LIMIT_KEY));
  return Number.isFinite(value) && value > 0 && value < MAX_INPUT_BYTES ? value : MAX_INPUT_BYTES;
}

/** Whether any of these inputs is more than the browser takes (then the helper runs it, when paired). */
export function overBrowserLimit(sizes: readonly number[]): boolean {
  const limit = browserInputLimit();
  return sizes.some((s) => s > limit);
}
