import { describe, expect, it } from 'vitest';
import { splitSecrets } from '@contracts/pdf-tools.js';
import { openSecrets, sealSecrets } from './sealed-options.js';

describe('sealed PDF tool passwords', () => {
  it('opens under the same secret only, and never holds the password in the clear', () => {
    const sealed = sealSecrets('server-secret-1', { userPassword: 'Tiger-Lily 42' });
    expect(sealed).not.toContain('Tiger');
    expect(Buffer.from(sealed.replace(/\./g, ''), 'base64url').toString('latin1')).not.toContain('Tiger');
    expect(openSecrets('server-secret-1', sealed)).toEqual({ userPassword: 'Tiger-Lily 42' });
    expect(openSecrets('server-secret-2', sealed)).toBeNull();
    // Two seals of the same password differ (a fresh IV each time).
    expect(sealSecrets('server-secret-1', { userPassword: 'Tiger-Lily 42' })).not.toBe(sealed);
  });

  it('refuses a seal that was altered or cut short', () => {
    const sealed = sealSecrets('s', { password: 'p' });
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(openSecrets('s', [iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(openSecrets('s', `${iv}.${tag}`)).toBeNull();
    expect(openSecrets('s', 'garbage')).toBeNull();
  });

  it('keeps only fields named for a password apart', () => {
    expect(splitSecrets({ userPassword: 'a', ownerPassword: 'b', allowPrint: true, preset: 'ebook' })).toEqual({
      plain: { allowPrint: true, preset: 'ebook' },
      secrets: { userPassword: 'a', ownerPassword: 'b' },
    });
  });
});
