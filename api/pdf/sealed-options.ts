import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A PDF tool's passwords (protect, unlock) between the upload and the job that uses them: sealed
 * with AES-256-GCM under a key derived from the server's secret, kept in the conversion's record
 * only until the job ends (then wiped, `forgetToolSecrets`), never logged. Plain text never
 * reaches the database, the queue or a log line.
 */
/** A PDF tool's options in the conversion's record: passwords only sealed, wiped when the job ends. */
export interface StoredToolOptions {
  plain: Record<string, unknown>;
  sealed?: string;
}

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'docuflow', 'pdf-tool-secrets/v1', 32));

export function sealSecrets(secret: string, secrets: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The sealed passwords, or null when the seal was made under another secret or altered. */
export function openSecrets(secret: string, sealed: string): Record<string, string> | null {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return null;
  }
}
