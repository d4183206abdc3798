import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals automation credentials with AES-256-GCM under a key derived from the app secret (HKDF,
 * its own `info`), so the database alone never reveals them and a changed secret fails loudly
 * (the tag no longer verifies) instead of typing garbage into a form.
 */
export function credentialCipher(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'docuflow-automation', 'automation-credentials-v1', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed: string): string {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
export type CredentialCipher = ReturnType<typeof credentialCipher>;
