import { ADMIN_USER_ID } from './db/seed.js';
import { ConfigError } from './config.js';
import { startServer } from './main.js';

/**
 * Last line of defence: every stream and promise has its own error path (tests fail on any that
 * escapes), but a rejection nobody handled must not end the service for every user. It is logged
 * loudly instead. An uncaught exception leaves state unknown, so that one still ends the process.
 */
process.on('unhandledRejection', (reason) => {
  console.error('unhandled rejection (kept running):', reason);
});

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
