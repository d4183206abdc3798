import { startWorker } from './conversion-worker.js';
import { exitOnStartFailure, keepRunningOnUnhandledRejection, stopOnSignals } from './process-entry.js';

keepRunningOnUnhandledRejection();

/** Node entry of `npm run worker`: works conversion jobs from PostgreSQL until SIGTERM or SIGINT. */
try {
  const running = await startWorker();
  const lines = [`DocuFlow worker is working conversion jobs (${running.concurrency} at once)`];
  if (!running.officeEnabled) lines.push('LibreOffice is not installed: only conversions that need no LibreOffice succeed here.');
  console.log(`\n${lines.join('\n')}\n`);
  stopOnSignals(() => running.close());
} catch (err) {
  exitOnStartFailure(err);
}
