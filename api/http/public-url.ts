import type { Context } from 'hono';
import type { AppEnv } from './env.js';

/** Absolute base of links sent out of band (mails): PUBLIC_URL, else the origin this request came to. */
export function publicBase(c: Context<AppEnv>, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin;
}
