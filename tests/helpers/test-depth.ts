/**
 * How deep the slow, benchmark-like cases go. `npm test` runs them at a depth that keeps the
 * suite within its time on two cores; CI sets TEST_DEPTH=full (.ci/run) and runs them at the
 * depth their acceptance figures were measured at.
 */
export const FULL_DEPTH = process.env.TEST_DEPTH === 'full';

/** `quick` in a developer's `npm test`, `full` in CI. */
export function byDepth<T>(quick: T, full: T): T {
  return FULL_DEPTH ? full : quick;
}
