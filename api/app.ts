import { join } from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import { ErrorCode } from './contracts/error-codes.js';
import type { DbHandle } from './db/index.js';
import { AppError } from './http/app-error.js';
import type { AppEnv } from './http/env.js';
import { handleError } from './http/error-handler.js';
import { createRouter } from './http/openapi.js';
import { requestContext } from './http/request-context.js';
import { createJobQueue } from './jobs/job-queue.js';
import type { OfficePort } from './jobs/office-port.js';
import { runServerConversion } from './jobs/run-server-conversion.js';
import { paymentProviderFromConfig, type PaymentProvider } from './payments/index.js';
import { createFileStore } from './storage/file-store.js';
import { sessionMiddleware, type CookieSecurity } from './http/session-middleware.js';
import { xsrfMiddleware } from './http/xsrf-middleware.js';
import { registerDocumentRoutes } from './routes/documents.routes.js';
import { registerHealthRoutes } from './routes/health.routes.js';
import { registerOrderRoutes } from './routes/orders.routes.js';
import { registerPaymentRoutes } from './routes/payment.routes.js';
import { registerQuotaRoutes } from './routes/quota.routes.js';
import { registerUserRoutes } from './routes/user.routes.js';
import { createAuthService } from './services/auth.service.js';
import { createConversionService } from './services/conversion.service.js';
import { createOrderService } from './services/order.service.js';
import { createPaymentService } from './services/payment.service.js';
import { grantTrial } from './services/quota.service.js';
import { createSessionService } from './services/session.service.js';

export const API_PREFIX = '/api/v1';
const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppDeps {
  config: AppConfig;
  handle: DbHandle;
  logger: Logger;
  /** Signs XSRF tokens; see api/secrets.ts. */
  secret: string;
  /** The layout engine for server conversions, with how many jobs it runs at once; null when LibreOffice is missing. */
  office?: { engine: OfficePort; size: number } | null;
  /** The payment provider; default chosen from config (Stripe with its keys, else the sandbox). */
  payments?: PaymentProvider;
  now?: () => number;
}

/** Composes middleware and every route under /api/v1. Static files are added by api/main.ts. */
export function createApp({ config, handle, logger, secret, office = null, payments: provider, now = Date.now }: AppDeps) {
  const { db, dialect } = handle;
  const sessions = createSessionService(db, config.sessionTtlMs, now);
  const auth = createAuthService({ db, config, sessions, now, onUserCreated: (tx, userId) => grantTrial(tx, userId, now()) });
  const conversions = createConversionService(db, now);
  const store = createFileStore(join(config.dataDir, 'files'));
  const queue = createJobQueue({
    concurrency: office?.size ?? 1,
    capacity: config.queueCapacity,
    run: (id) => runServerConversion({ db, store, office: office?.engine ?? null, now, timeoutMs: config.conversionTimeoutMs }, id),
    onError: (id, err) => logger.error({ err, conversionId: id }, 'conversion job crashed'),
  });
  const paymentProvider = provider ?? paymentProviderFromConfig(config, secret);
  if (paymentProvider.name === 'sandbox' && config.env === 'production') {
    logger.warn('payments use the built-in sandbox provider (anyone can "pay"): set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL to take real payments');
  }
  const orders = createOrderService(db, now);
  const payments = createPaymentService({ db, provider: paymentProvider, orders, publicUrl: config.publicUrl, now });
  const cookies: CookieSecurity = {
    secure: (c: Context) =>
      config.publicUrl?.startsWith('https:') === true || (config.trustProxy && c.req.header('x-forwarded-proto') === 'https'),
  };

  const api = createRouter();
  api.use('*', sessionMiddleware(sessions));
  api.use('*', xsrfMiddleware(secret, cookies, (path) => path.startsWith(`${API_PREFIX}/payment/webhook/`)));
  api.use(
    '*',
    bodyLimitExcept(`${API_PREFIX}/document/submit`, {
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'Request body too large');
      },
    }),
  );
  registerHealthRoutes(api, db, dialect);
  registerUserRoutes(api, { auth, sessions, secret, cookies, sessionTtlMs: config.sessionTtlMs });
  registerQuotaRoutes(api, db, now);
  registerDocumentRoutes(api, { db, conversions, store, queue, now });
  registerOrderRoutes(api, orders);
  registerPaymentRoutes(api, payments, paymentProvider);
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'DocuFlow API', version: '1.0.0', description: 'Every answer is the envelope {code, msg, data}.' },
    servers: [{ url: API_PREFIX }],
  });

  const app = new Hono<AppEnv>();
  app.use('*', requestContext(logger, config.trustProxy));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.onError(handleError);
  app.notFound((c) => c.json({ code: ErrorCode.NOT_FOUND, msg: 'Not found', data: null }, 404));
  app.route(API_PREFIX, api);
  return { app, services: { sessions, auth, conversions, orders, payments }, store, queue };
}

/** JSON bodies are capped; the upload route streams and applies the user's own limits. */
function bodyLimitExcept(path: string, opts: Parameters<typeof bodyLimit>[0]): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit(opts);
  return (c, next) => (c.req.path === path ? next() : limit(c, next));
}
