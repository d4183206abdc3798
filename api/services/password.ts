import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). `algorithm: 2` is
 * Algorithm.Argon2id, a const enum that verbatimModuleSyntax cannot import.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist (no user enumeration by timing). */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
