import { ADMIN_USER_ID } from './db/seed.js';
import { ConfigError } from './config.js';
import { startServer } from './main.js';

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
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
