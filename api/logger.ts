import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'docuflow' }, redact: ['req.headers.cookie', 'password', 'pwd', 'oldPwd'] });
}
