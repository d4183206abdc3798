import { isIPv4, isIPv6 } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/index.js';
import { tooManyRequests } from './app-error.js';
import type { AppEnv } from './env.js';
import type { RateRule } from './rate-limit-rules.js';
import { KyselyRateLimiterStore } from './rate-limit-store.js';

/** A limiter is one counter per key; what it limits is in its name (a key prefix). */
export type Limiter = Pick<RateLimiterAbstract, 'consume' | 'delete'>;
export type MakeLimiter = (name: string, rule: RateRule) => Limiter;

export interface LimiterBackend {
  make: MakeLimiter;
  /** Which store the counters live in, for logs and /health. */
  store: 'database' | 'redis';
  /** Resolves once the store answers (Redis connected); until then Redis counts fall back to memory. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counters every API instance sees: in Redis when REDIS_URL is set, otherwise in the app's own
 * database (SQLite or PostgreSQL). With Redis unreachable each process falls back to counting in
 * its own memory (the library's insurance limiter) rather than failing every request.
 */
export function createLimiterBackend(db: Db, redisUrl: string | undefined, onRedisError: (err: Error) => void = () => {}): LimiterBackend {
  if (!redisUrl) {
    return {
      store: 'database',
      make: (name, rule) => new KyselyRateLimiterStore(db, { keyPrefix: `rl:${name}`, points: rule.points, duration: rule.durationS }),
      ready: async () => {},
      close: async () => {},
    };
  }
  // No offline queue: a request must not wait for a reconnect; the insurance limiter answers instead.
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // ioredis reconnects by itself; without a listener every failed attempt would be an unhandled 'error' event.
  redis.on('error', onRedisError);
  return {
    store: 'redis',
    ready: () => (redis.status === 'ready' ? Promise.resolve() : new Promise((resolve) => redis.once('ready', () => resolve()))),
    make: (name, rule) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rl:${name}`,
        points: rule.points,
        duration: rule.durationS,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:${name}`, points: rule.points, duration: rule.durationS }),
      }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** What a request is counted by. */
export type KeyOf = (c: Context<AppEnv>) => string;

export const byAddress: KeyOf = (c) => `ip:${c.get('ip')}`;
export const byNetwork: KeyOf = (c) => `net:${networkOf(c.get('ip'))}`;
/** The signed-in user; a signed-out request (which the route will refuse) counts against its address. */
export const byUser: KeyOf = (c) => {
  const user = c.get('user');
  return user ? `user:${user.id}` : `ip:${c.get('ip')}`;
};

/**
 * Middleware spending one point from each limiter for its key, in order; the first limiter that is
 * exhausted answers 42901. Reuse it on any route: `app.post('/feedback', rateLimit([limiter, byUser]))`.
 */
export function rateLimit(...checks: [Limiter, KeyOf][]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    for (const [limiter, keyOf] of checks) {
      try {
        await limiter.consume(keyOf(c));
      } catch (err) {
        // The library rejects with a RateLimiterRes when the limit is reached, with an Error when its store failed.
        if (err instanceof RateLimiterRes) throw tooManyRequests(err.msBeforeNext / 1000);
        throw err;
      }
    }
    await next();
  };
}

/** The network an address belongs to: IPv4 /24, IPv6 /64 (IPv4-mapped IPv6 counts as IPv4). */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
