import { join } from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { DbHandle } from './db/index.js';
import { AppError } from './http/app-error.js';
import { compressJson } from './http/compress.js';
import type { AppEnv } from './http/env.js';
import { handleError } from './http/error-handler.js';
import { httpMetrics } from './http/http-metrics.js';
import { requestHeader } from './http/node-http.js';
import { createRouter } from './http/openapi.js';
import { createLimiterBackend } from './http/rate-limit.js';
import { requestContext } from './http/request-context.js';
import { securityHeaders } from './http/security-headers.js';
import { createEnginePool } from './engine-threads/pool.js';
import { createConversionRun, type ConversionRun } from './jobs/conversion-runner.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import type { OfficePort } from './jobs/office-port.js';
import { createAppMetrics } from './metrics/app-metrics.js';
import { observeState } from './metrics/state-gauges.js';
import { createMailer } from './mail/mailer.js';
import { paymentProviderFromConfig, type PaymentProvider } from './payments/index.js';
import { fileStoreFromConfig } from './storage/store-from-config.js';
import { createUploadBudget } from './storage/upload-budget.js';
import { sessionMiddleware, type CookieSecurity } from './http/session-middleware.js';
import { xsrfMiddleware } from './http/xsrf-middleware.js';
import { registerAdminRoutes } from './routes/admin/index.js';
import { registerDocumentRoutes } from './routes/documents.routes.js';
import { registerEmailVerificationRoutes } from './routes/email-verification.routes.js';
import { registerGoogleAuthRoutes } from './routes/google-auth.routes.js';
import { registerFeedbackRoutes } from './routes/feedback.routes.js';
import { registerHealthRoutes } from './routes/health.routes.js';
import { registerMetricsRoute } from './routes/metrics.routes.js';
import { registerOrderRoutes } from './routes/orders.routes.js';
import { registerPaymentRoutes } from './routes/payment.routes.js';
import { registerMembershipRoutes, registerSandboxClockRoutes } from './routes/membership.routes.js';
import { registerQuotaRoutes } from './routes/quota.routes.js';
import { registerRateLimits } from './routes/rate-limits.routes.js';
import { registerUserRoutes } from './routes/user.routes.js';
import { createAuthService } from './services/auth.service.js';
import { createBundleService } from './services/bundle.service.js';
import { createConversionService } from './services/conversion.service.js';
import { createDownloadService } from './services/download.service.js';
import { createHealthService } from './services/health.service.js';
import { createUploadService } from './services/upload.service.js';
import { createEmailVerificationService } from './services/email-verification.service.js';
import { googleSignInFromConfig } from './services/google-sign-in.service.js';
import { createFeedbackService } from './services/feedback.service.js';
import { createOrderService } from './services/order.service.js';
import { createPaymentService } from './services/payment.service.js';
import { createMembershipService } from './services/membership.service.js';
import { grantTrial } from './services/quota.service.js';
import { createSessionService } from './services/session.service.js';
import { createWritingToolService } from './services/writing-tools.service.js';
import { createToolUsageService } from './services/tool-usage.service.js';
import { createEmbedder, type Embedder } from './ai/embeddings/embedder.js';
import { createLlmClient } from './ai/llm-client.js';
import type { PageFetchOptions } from './ai/fetch/fetch-page.js';
import { registerAiReadRoutes } from './routes/ai-read.routes.js';
import { registerToolUseRoutes } from './routes/tool-use.routes.js';
import { QA_DOCUMENT_PATH, QA_PUBLIC_PREFIX, qaPublicCors, registerAiQaRoutes } from './routes/ai-qa.routes.js';
import { createQaAskService } from './services/qa-ask.service.js';
import { createQaCalibration } from './services/qa-calibration.service.js';
import { createQaBotService } from './services/qa-bot.service.js';
import { createQaDocumentReader, QA_IMPORTS_AT_ONCE } from './services/qa-document-reader.js';
import { createQaEmbedService } from './services/qa-embed.service.js';
import { createQaInboxService } from './services/qa-inbox.service.js';
import { createQaPublicSpend } from './services/qa-public-spend.js';
import { createReadExportService } from './services/read-export.service.js';
import { createReaderService } from './services/reader.service.js';
import { createTranslateService } from './services/translate.service.js';
import { createAutomation, type AutomationOptions } from './automation/compose.js';
import { registerAutomationRoutes } from './routes/automation.routes.js';
import { registerAutomationSettingsRoutes } from './routes/automation-settings.routes.js';
import { registerVideoSubscriptionRoutes } from './routes/video-subscriptions.routes.js';
import { createVideoSubscriptionService } from './services/video-subscriptions.service.js';

export const API_PREFIX = '/api/v1';

/** Temporary folders of running jobs; what a crash leaves there is removed at the next start. */
export const jobFolder = (dataDir: string) => join(dataDir, 'jobs');
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
  /** Makes the conversion queue (pg-boss on PostgreSQL, see api/jobs/pg-boss-queue.ts); default the in-process queue. */
  jobQueue?: (run: ConversionRun, concurrency: number) => JobQueue;
  /** The URL fetcher's options; only tests pass them (a fixed DNS answer, a test-only allowed address). */
  pageFetch?: PageFetchOptions;
  /** Web process automation's browser pool, address policy and DNS answers (tests share one pool). */
  automation?: AutomationOptions;
  /** The sentence model for the QA bot; default one of this app's own. Either way the caller closes the returned `embedder`. */
  embedder?: Embedder;
}

/** Composes middleware and every route under /api/v1. Static files are added by api/main.ts. */
export function createApp({ config, handle, logger, secret, office = null, payments: provider, now = Date.now, jobQueue, pageFetch, automation: automationOptions, embedder = createEmbedder() }: AppDeps) {
  const { db, dialect } = handle;
  /** This app's metrics, in a registry of its own (GET /metrics). */
  const metrics = createAppMetrics();
  const sessions = createSessionService(db, config.sessionTtlMs, now, config.sessionCacheMs);
  // With SMTP the trial waits for the mailed link (granted by the verification service); without, it comes with the account.
  const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : null;
  const verification = mailer ? createEmailVerificationService({ db, mailer, now, logger, onUserChanged: (userId) => sessions.forgetUser(userId) }) : null;
  const auth = createAuthService({ db, config, sessions, now, ...(verification ? {} : { onUserCreated: (tx, userId) => grantTrial(tx, userId, now()) }) });
  /** Rate-limit counters shared by every instance (Redis or the database); closed by the caller on shutdown. */
  const limiters = createLimiterBackend(db, config.redisUrl, (err) => logger.warn({ err }, 'rate-limit store (Redis) unavailable: counting in memory meanwhile'));
  const conversions = createConversionService(db, now);
  const store = fileStoreFromConfig(config);
  /** Engine ops of server conversions run in these worker threads, never on the request thread; closed by the caller on shutdown. */
  const engines = createEnginePool({
    ...config.engines,
    // Room for every job the conversion queue runs at once, so its own jobs never meet `busy`, and for the QA imports beside them.
    maxQueue: Math.max(config.engines.threads * 4, office?.size ?? 1) + QA_IMPORTS_AT_ONCE,
    onError: (err) => logger.error({ err }, 'engine thread failed'),
  });
  /** Set by a graceful stop: jobs cut short stay converting for the next start instead of failing. */
  const lifecycle = { stopping: false };
  const run = createConversionRun(
    { db, store, office: office?.engine ?? null, engines, now, timeoutMs: config.conversionTimeoutMs, workDir: jobFolder(config.dataDir), isStopping: () => lifecycle.stopping, logger, metrics: metrics.jobs, secret },
    config.jobMaxAttempts,
  );
  const concurrency = office?.size ?? 1;
  const queue = metrics.meterQueue(
    jobQueue
      ? jobQueue(run, concurrency)
      : createJobQueue({
          concurrency,
          capacity: config.queueCapacity,
          run: async (id, context) => {
            await run(id, context);
          },
          onError: (id, err, context) => logger.error({ err, ...context, conversionId: id }, 'conversion job crashed'),
        }),
  );
  const paymentProvider = provider ?? paymentProviderFromConfig(config, secret);
  if (paymentProvider.name === 'sandbox' && config.env === 'production') {
    logger.warn('payments use the built-in sandbox provider (anyone can "pay"): set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL to take real payments');
  }
  const orders = createOrderService(db, now);
  const payments = createPaymentService({ db, provider: paymentProvider, orders, publicUrl: config.publicUrl, now });
  const memberships = createMembershipService({ db, provider: paymentProvider, payments, now });
  const cookies: CookieSecurity = {
    secure: (c: Context) =>
      config.publicUrl?.startsWith('https:') === true || (config.trustProxy && requestHeader(c, 'x-forwarded-proto') === 'https'),
  };

  const api = createRouter();
  // Before the session and XSRF middleware: the QA widget's public paths never get a cookie.
  api.use('/ai/qa/public/*', qaPublicCors);
  api.use('*', sessionMiddleware(sessions));
  api.use('*', xsrfMiddleware(secret, cookies, (path) => path.startsWith(`${API_PREFIX}/payment/webhook/`) || path.startsWith(QA_PUBLIC_PREFIX)));
  api.use(
    '*',
    bodyLimitExcept(`${API_PREFIX}/document/submit`, {
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'Request body too large');
      },
    }),
  );
  const health = createHealthService({ handle, dataDir: config.dataDir, diskFloorBytes: config.diskFreeFloorBytes });
  registerHealthRoutes(api, health);
  observeState(metrics.registry, {
    queue,
    office,
    engines,
    inFlight: metrics.inFlight,
    diskFreeBytes: health.diskFreeBytes,
    diskFloorBytes: config.diskFreeFloorBytes,
    dbPool: () => handle.poolStats(),
  });
  registerRateLimits(api, limiters.make, config.rateLimits);
  registerUserRoutes(api, { auth, sessions, secret, cookies, sessionTtlMs: config.sessionTtlMs, verification, publicUrl: config.publicUrl });
  registerEmailVerificationRoutes(api, verification, config.publicUrl);
  registerGoogleAuthRoutes(api, { google: googleSignInFromConfig(db, config, now), sessions, secret, cookies, sessionTtlMs: config.sessionTtlMs, publicUrl: config.publicUrl });
  const bundles = createBundleService(db, now);
  registerQuotaRoutes(api, bundles);
  const uploads = createUploadService({ db, store, now, budget: createUploadBudget(), diskFloor: { dir: config.dataDir, bytes: config.diskFreeFloorBytes }, secret });
  registerDocumentRoutes(api, { conversions, uploads, downloads: createDownloadService(db, store, now), queue });
  registerOrderRoutes(api, orders);
  // The sandbox clock moves membership renewals in tests and development; never in production.
  if (paymentProvider.name === 'sandbox' && config.env !== 'production') registerSandboxClockRoutes(api, memberships);
  registerPaymentRoutes(api, payments, paymentProvider);
  registerMembershipRoutes(api, memberships);
  const feedback = createFeedbackService(db, now);
  registerFeedbackRoutes(api, feedback);
  /** The writing (AI) tools' settings: the admin area changes them, the AI features read them (writingToolSettings). */
  const writingTools = createWritingToolService(db, now);
  /** Quota for the AI tools (a use spends the tool's cost, refunded once on failure) and the optional model endpoint they share. */
  const toolUsage = createToolUsageService(db, writingTools, now);
  const llm = createLlmClient(config.llm);
  registerToolUseRoutes(api, toolUsage);
  // AI routes (issue 12) register here.
  // Imported documents are inflated under a byte budget, then parsed in the engine threads.
  // The pairs' sentence vectors are made in the background after each change; the model's thread starts at the first one, not here.
  const qaEmbed = createQaEmbedService({ db, embedder, logger, now });
  // Once a bot's vectors are stored, its own phrasings set its threshold and hand-off line.
  qaEmbed.afterEmbedded(createQaCalibration({ db, semantic: qaEmbed, now }));
  const qaBots = createQaBotService(db, toolUsage, now, createQaDocumentReader(engines), qaEmbed);
  const qaSpend = createQaPublicSpend(db);
  registerAiQaRoutes(api, { bots: qaBots, ask: createQaAskService({ db, toolUsage, llm, spend: qaSpend, now, embed: qaEmbed }), inbox: createQaInboxService(db, qaSpend, now, (botId) => qaEmbed.schedule(botId)) });
  registerAiReadRoutes(api, { reader: createReaderService(pageFetch), translate: createTranslateService({ db, llm, toolUsage, now }), exports: createReadExportService() });
  // Video subscriptions (issue 13): feeds read through the same guarded fetcher as the reader.
  const videoSubscriptions = createVideoSubscriptionService({ db, now, settings: config.videoFeeds, fetchOptions: pageFetch });
  registerVideoSubscriptionRoutes(api, videoSubscriptions);
  const automation = createAutomation({ db, dataDir: config.dataDir, production: config.env === 'production', secret, toolUsage, now, logger, llm, options: automationOptions });
  registerAutomationRoutes(api, automation);
  registerAutomationSettingsRoutes(api, automation);
  registerAdminRoutes(api, { db, dialect, now, sessions, bundles, conversions, feedback, orders, payments, memberships, paymentProvider, store, writingTools });
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'DocuFlow API', version: '1.0.0', description: 'Every answer is the envelope {code, msg, data}.' },
    servers: [{ url: API_PREFIX }],
  });

  const app = new Hono<AppEnv>();
  app.use('*', httpMetrics(metrics.http));
  app.use('*', requestContext(logger, config.trustProxy));
  app.use('*', compressJson());
  app.use('*', securityHeaders(`${API_PREFIX}/`));
  app.onError(handleError);
  app.notFound((c) => c.json({ code: ErrorCode.NOT_FOUND, msg: 'Not found', data: null }, 404));
  app.route(API_PREFIX, api);
  if (!config.metricsToken && config.env === 'production') logger.warn('GET /metrics answers anyone: set METRICS_TOKEN to require a bearer token');
  registerMetricsRoute(app, { contentType: metrics.registry.contentType, text: () => metrics.scrape() }, config.metricsToken);
  return { app, services: { sessions, auth, bundles, conversions, orders, payments, memberships, writingTools, toolUsage, llm, videoSubscriptions, automation, qaEmbed }, store, queue, lifecycle, engines, embedder, limiters, mailer };
}

/** JSON bodies are capped; the upload route streams and applies the user's own limits. */
function bodyLimitExcept(path: string, opts: Parameters<typeof bodyLimit>[0]): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit(opts);
  // GET and HEAD carry no body; skipping them also spares building the full Request object per read.
  return (c, next) => (c.req.path === path || QA_DOCUMENT_PATH.test(c.req.path) || c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}
