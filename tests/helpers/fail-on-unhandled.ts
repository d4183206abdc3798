import { afterEach } from 'vitest';

/**
 * Fails the test during which a promise rejection went unhandled or an 'error' event had no
 * listener (Node turns that into an uncaught exception). In the server either would end the
 * process for every user, so a test that leaves one behind must not pass, even when its own
 * assertions hold.
 */
const escaped: string[] = [];
const record = (kind: string) => (err: unknown) => {
  escaped.push(`${kind}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
};
process.on('unhandledRejection', record('unhandled rejection'));
process.on('uncaughtException', record('uncaught exception'));

afterEach(async () => {
  // Rejections are reported after the microtask queue drains; give them a turn to surface.
  await new Promise((r) => setImmediate(r));
  if (escaped.length === 0) return;
  const found = escaped.splice(0);
  throw new Error(`${found.length} unhandled error(s) escaped this test:\n${found.join('\n')}`);
});
