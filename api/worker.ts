import { ConfigError } from './config.js';
import { startWorker } from './conversion-worker.js';

// As in api/server.ts: a rejection nobody handled is logged, not allowed to end every running job.
process.on('unhandledRejection', (reason) => {
  console.error('unhandled rejection (kept running):', reason);
});

/** Node entry of `npm run worker`: works conversion jobs from PostgreSQL until SIGTERM or SIGINT. */
try {
  const running = await startWorker();
  const lines = [`DocuFlow worker is working conversion jobs (${running.concurrency} at once)`];
  if (!running.officeEnabled) lines.push('LibreOffice is not installed: only conversions that need no LibreOffice succeed here.');
  console.log(`\n${lines.join('\n')}\n`);
  const stop = () =>
    void running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('stop failed', err);
        process.exit(1);
      },
    );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
