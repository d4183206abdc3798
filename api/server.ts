import { ADMIN_USER_ID } from './db/seed.js';
import { startServer } from './main.js';
import { exitOnStartFailure, keepRunningOnUnhandledRejection, stopOnSignals } from './process-entry.js';

keepRunningOnUnhandledRejection();

/** Node entry: `npm run serve` (and `npm start` after its set-up step). */
try {
  const running = await startServer();
  const lines = [`DocuFlow is serving ${running.url}`];
  if (!running.officeEnabled) lines.push('LibreOffice is not installed: server conversions are off; browser conversions work.');
  if (!running.servesApp) lines.push('The web app is not built yet: run `npm run build` (npm start does this for you).');
  if (running.generatedAdminPassword) {
    lines.push(`Admin login created — user id: ${ADMIN_USER_ID}  password: ${running.generatedAdminPassword}`);
    lines.push('This password is shown once. Set ADMIN_PASSWORD before the first start to choose it.');
  }
  console.log(`\n${lines.join('\n')}\n`);
  stopOnSignals(() => running.close());
} catch (err) {
  exitOnStartFailure(err);
}
