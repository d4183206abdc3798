import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Signed double-submit XSRF token (OWASP): `nonce.hmac(secret, binding|nonce)`, where the binding
 * is the session cookie's hash (or 'anon'). A token minted for one session fails for any other.
 */
export function mintXsrfToken(secret: string, binding: string | null): string {
  const nonce = randomToken(18);
  return `${nonce}.${sign(secret, binding, nonce)}`;
}

export function verifyXsrfToken(secret: string, binding: string | null, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac) return false;
  const expected = Buffer.from(sign(secret, binding, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sign(secret: string, binding: string | null, nonce: string): string {
  return createHmac('sha256', secret).update(`${binding ?? 'anon'}|${nonce}`).digest('base64url');
}
