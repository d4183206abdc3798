import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs';

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

/**
 * Writes `path` until the disk refuses (ENOSPC), then gives `leaveBytes` back: afterwards the disk
 * has about that much room (rounded to its blocks), or none.
 */
export function fillDisk(path: string, leaveBytes = 0): void {
  const fd = openSync(path, 'w');
  try {
    // Big writes, then smaller ones for what the last big one could not take.
    for (const size of [64 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
    if (leaveBytes > 0) ftruncateSync(fd, Math.max(0, fstatSync(fd).size - leaveBytes));
  } finally {
    closeSync(fd);
  }
}
