import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

/**
 * Mounts a size-limited tmpfs at `dir` (root only). Returns an error message instead when this
 * machine cannot (not root, no mount in the sandbox), so the test can skip with that reason.
 */
export function mountTmpfs(dir: string, sizeBytes: number): { ok: true; remount(mode: 'ro' | 'rw'): void; unmount(): void } | { ok: false; why: string } {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    return { ok: false, why: `cannot mount a tmpfs here (needs root and mount): ${(err as Error).message.split('\n')[0]}` };
  }
  return {
    ok: true,
    remount: (mode) => void execFileSync('mount', ['-o', `remount,${mode}`, dir], { stdio: 'pipe' }),
    unmount: () => void execFileSync('umount', ['-l', dir], { stdio: 'pipe' }),
  };
}
