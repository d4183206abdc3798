import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { createLibreOfficePool, findSoffice } from './pool.js';

/**
 * The warm LibreOffice pool of an API or worker process, or null (with a warning) when
 * LibreOffice is not installed. `workDir` holds its profiles: one per process.
 */
export function startOfficePool(config: AppConfig, logger: Logger, workDir: string) {
  if (config.officePoolSize === 0) return null;
  if (!findSoffice()) {
    logger.warn('LibreOffice not found: server conversions are off (npm start installs it when run as root)');
    return null;
  }
  const engine = createLibreOfficePool({ size: config.officePoolSize, workDir, timeoutMs: config.conversionTimeoutMs, logger });
  return { engine, size: config.officePoolSize };
}
