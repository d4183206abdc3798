import pino, { type Logger } from 'pino';

/** One structured log line as pino writes it. */
export type LogLine = Record<string, unknown> & { msg?: string; reqId?: string; conversionId?: string };

/** A logger at `info` that keeps its lines in memory, parsed, for tests to read. */
export function captureLogs(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info', base: { service: 'docuflow' } }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}
