import type { Context } from 'hono';
import type { Lang } from '../services/bundle.service.js';
import type { AppEnv } from './env.js';
import { requestHeader } from './node-http.js';

/** The caller's language: `?lang=`, else Accept-Language, else English. */
export function requestLang(c: Context<AppEnv>): Lang {
  const q = c.req.query('lang');
  if (q === 'zh' || q === 'en') return q;
  return /^zh/i.test(requestHeader(c, 'accept-language') ?? '') ? 'zh' : 'en';
}
