import type { Logger } from 'pino';
import type { SessionUser } from '../services/session.service.js';

/** Per-request values that middleware sets for handlers. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** Client address (socket, or X-Forwarded-For when TRUST_PROXY is on). */
    ip: string;
    /** The signed-in user, or null. */
    user: SessionUser | null;
    /** SHA-256 of the session cookie, or null without one: what the XSRF token is bound to. */
    sessionBinding: string | null;
  };
}
