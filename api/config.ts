import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limit-rules.js';
import type { S3Settings } from './storage/s3-file-store.js';

/**
 * The one typed configuration, read from the environment and checked at start-up. Every
 * value has a working default so that `npm start` on a fresh clone serves the whole product.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('data'),
  /** PostgreSQL when set; otherwise SQLite at `${DATA_DIR}/app.db`. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  /** Used for absolute links (payment return URLs) and to mark session cookies Secure. */
  PUBLIC_URL: z.url().optional(),
  /** Secret for signing XSRF tokens; generated and kept under DATA_DIR when absent. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  CONVERT_QUEUE_CAPACITY: z.coerce.number().int().min(1).default(100),
  CONVERT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  OFFICE_POOL_SIZE: z.coerce.number().int().min(0).max(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Uploads are refused (50701) while the data folder's disk has less free space than this. */
  DISK_FREE_FLOOR_MB: z.coerce.number().int().min(0).default(512),
  /** SIGTERM: how long running jobs may go on before they are left for the next start. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /** Worker threads for engines that run in Node (PDF, spreadsheet, Word ops); default cores - 1, at least 1. */
  ENGINE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  /** Limits of one engine job in a worker thread. */
  ENGINE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  ENGINE_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  /** A server conversion interrupted this many times (crash or stop mid-job) is failed and refunded instead of retried. */
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
  /** On PostgreSQL: whether this API process also works conversion jobs (one machine) or leaves them to `npm run worker` processes. */
  JOB_WORKER: z.enum(['embedded', 'off']).default('embedded'),
  /**
   * On PostgreSQL: a conversion job running longer than this is taken for lost (its worker died)
   * and started again; that start waits while the first still holds the job's lease
   * (api/jobs/job-lease.ts), so a long job never runs twice. Shorter: a dead worker's job is retried sooner.
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** smtp(s)://user:pass@host:port: new accounts verify their e-mail before the free trial is granted. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('DocuFlow <no-reply@docuflow.local>'),
  /** redis:// URL: rate-limit counters shared by every instance in Redis instead of the database. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /** S3-compatible object storage for uploads and results (all four, or none: local disk under DATA_DIR). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  /** The model name sent to the OpenAI-compatible endpoint. */
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** How long one model call may take before the offline answer is used instead. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /** Google sign-in (OpenID Connect) when both are set; the redirect URI is `${PUBLIC_URL}/api/v1/auth/google/callback`. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID issuer; tests point it at a local provider (plain http only on loopback outside production). */
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://accounts.google.com'),
  /** GET /metrics then answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers anyone (keep it off the public network). */
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 printable characters without spaces').optional(),
  /** Minutes between two polls of a subscribed video feed (the scheduled run itself comes every five minutes). */
  VIDEO_FEED_POLL_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** The newest items of a feed stored per poll at most. */
  VIDEO_FEED_MAX_ITEMS: z.coerce.number().int().min(1).max(200).default(20),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Absolute (DATA_DIR resolved against the working folder at start). */
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  sessionSecret: string | undefined;
  adminPassword: string | undefined;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Session lifetime, sliding. */
  sessionTtlMs: number;
  /** How long an instance trusts a session it resolved without asking the database again (0: never). */
  sessionCacheMs: number;
  /** Server conversions allowed to wait; past it POST /document/convert answers 50301. */
  queueCapacity: number;
  /** Hard limit for one LibreOffice job. */
  conversionTimeoutMs: number;
  /** LibreOffice instances kept warm (0 disables the server engine). */
  officePoolSize: number;
  /** Login throttling: failures allowed per window, per account and per address. */
  loginThrottle: { windowMs: number; maxPerAccount: number; maxPerAddress: number };
  /** Free disk space below which uploads are refused, in bytes. */
  diskFreeFloorBytes: number;
  shutdownGraceMs: number;
  /** Worker-thread pool for Node-side engines. */
  engines: { threads: number; timeoutMs: number; memoryMb: number };
  jobMaxAttempts: number;
  /** On PostgreSQL: 'off' leaves conversion jobs to worker processes. */
  jobWorker: Env['JOB_WORKER'];
  jobExpireSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** Request rate limits per route (see api/http/rate-limit-rules.ts); counters in Redis or the database. */
  rateLimits: RateLimits;
  /** Stripe when both keys are set; otherwise payments use the built-in sandbox provider. */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** Object storage for files when the S3_* settings are set; otherwise files stay on local disk. */
  s3: S3Settings | undefined;
  /** Google sign-in when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; otherwise no Google button. */
  google: GoogleSettings | undefined;
  /** An OpenAI-compatible chat endpoint when LLM_BASE_URL is set; otherwise the AI tools work offline only. */
  llm: LlmSettings | undefined;
  /** Subscribed video feeds (issue 13): poll interval and the items stored per poll at most. */
  videoFeeds: { pollMinutes: number; maxItemsPerPoll: number };
  /** The bearer token GET /metrics requires; undefined: it answers anyone. */
  metricsToken: string | undefined;
}

export interface LlmSettings {
  /** Base URL ending before `/chat/completions`, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /** Issuer identifier: https://accounts.google.com, or a local provider in tests. */
  issuer: string;
}

export class ConfigError extends Error {}

/** True for http(s) URLs on 127.0.0.0/8, [::1] or localhost: a provider on this machine (tests). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid environment:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (neither: the sandbox payment provider)');
  }
  if (e.STRIPE_SECRET_KEY && !e.PUBLIC_URL) {
    throw new ConfigError('Invalid environment:\n  PUBLIC_URL: required with Stripe (its checkout returns the browser to absolute URLs)');
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid environment:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (neither: no Google sign-in)');
  }
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_ISSUER.startsWith('http:') && (e.NODE_ENV === 'production' || !isLoopbackUrl(e.GOOGLE_ISSUER))) {
    throw new ConfigError('Invalid environment:\n  GOOGLE_ISSUER: must be https:// (plain http only for a local test provider on a loopback address outside production)');
  }
  const s3Set = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (s3Set !== 0 && s3Set !== 4) {
    throw new ConfigError('Invalid environment:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (none: files on local disk)');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    // Absolute once, here: engines (LibreOffice, ffmpeg, Chromium) run in folders of their own.
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    sessionSecret: e.SESSION_SECRET,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: 14 * 24 * 3600 * 1000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    queueCapacity: e.CONVERT_QUEUE_CAPACITY,
    conversionTimeoutMs: e.CONVERT_TIMEOUT_MS,
    officePoolSize: e.OFFICE_POOL_SIZE ?? Math.max(1, availableParallelism()),
    loginThrottle: { windowMs: 15 * 60 * 1000, maxPerAccount: 5, maxPerAddress: 20 },
    diskFreeFloorBytes: e.DISK_FREE_FLOOR_MB * 1024 * 1024,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    engines: { threads: e.ENGINE_THREADS ?? Math.max(1, availableParallelism() - 1), timeoutMs: e.ENGINE_TIMEOUT_MS, memoryMb: e.ENGINE_MEMORY_MB },
    jobMaxAttempts: e.JOB_MAX_ATTEMPTS,
    jobWorker: e.JOB_WORKER,
    jobExpireSeconds: e.JOB_EXPIRE_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    rateLimits: DEFAULT_RATE_LIMITS,
    stripe: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET } : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, region: e.S3_REGION }
        : undefined,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER } : undefined,
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS } : undefined,
    videoFeeds: { pollMinutes: e.VIDEO_FEED_POLL_MINUTES, maxItemsPerPoll: e.VIDEO_FEED_MAX_ITEMS },
    metricsToken: e.METRICS_TOKEN,
  };
}
