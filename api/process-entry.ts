import { ConfigError } from './config.js';

/**
 * What every Node entry (`npm run serve`, `npm run worker`) does around its work.
 *
 * Last line of defence: every stream and promise has its own error path (tests fail on any that
 * escapes), but a rejection nobody handled must not end the service for every user. It is logged
 * loudly instead. An uncaught exception leaves state unknown, so that one still ends the process.
 */
export function keepRunningOnUnhandledRejection(): void {
  process.on('unhandledRejection', (reason) => {
    console.error('unhandled rejection (kept running):', reason);
  });
}

/** SIGINT and SIGTERM run `close` once (a graceful stop), then exit 0, or 1 if it failed. */
export function stopOnSignals(close: () => Promise<void>): void {
  const stop = () =>
    void close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('stop failed', err);
        process.exit(1);
      },
    );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** A start that failed: a readable message for a configuration mistake, the error otherwise. */
export function exitOnStartFailure(err: unknown): never {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
