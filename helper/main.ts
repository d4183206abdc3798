import { optionsFromEnv } from './settings.js';
import { startHelper } from './server.js';

/**
 * `npm run helper` (or `node video-helper.mjs`, the single-file build): the local video helper
 * for the DocuFlow video pages. Listens on 127.0.0.1 only; see docs/local-helper.md.
 */
async function main(): Promise<void> {
  let options;
  try {
    options = optionsFromEnv();
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const log = { info: (m: string) => console.log(m), error: (m: string) => console.error(m) };
  let helper;
  try {
    helper = await startHelper(options, log);
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    console.error(inUse ? `✖ Port ${options.port} is in use: is the helper already running? Set HELPER_PORT to use another port.` : `✖ ${String(error)}`);
    process.exit(1);
  }
  console.log(`DocuFlow video helper on ${helper.url}`);
  console.log(`Accepts pages from: ${options.appOrigins.join(', ')} (HELPER_APP_ORIGIN to change)`);
  const stop = () => {
    void helper.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
