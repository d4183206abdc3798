import { distDir, ensureBuilt } from './harness.js';

/**
 * Once per vitest run, before any e2e or smoke file: the build every journey's server serves.
 * Files of the group run two at a time, and a build started by one of them would replace dist/
 * under the other's server; the files inherit the marker and skip their own check.
 */
export function setup(): void {
  ensureBuilt();
  process.env.DOCUFLOW_E2E_BUILT = distDir;
}
