import { mkdir, statfs } from 'node:fs/promises';
import { diskFull } from '../http/app-error.js';
import { STORAGE_RETRY_AFTER_S, storageFault } from './storage-errors.js';

/** Bytes an unprivileged process may still write on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/**
 * Refuses an upload of `incoming` bytes before a byte is written when it would leave less than
 * `floor` bytes free: 50701 with Retry-After. A data folder that cannot even be inspected is a
 * storage fault too, never a crash.
 */
export async function assertRoomFor(dir: string, incoming: number, floor: number): Promise<void> {
  let free: number;
  try {
    free = await freeBytes(dir);
  } catch (err) {
    throw storageFault(err) ?? err;
  }
  if (free - incoming < floor) {
    throw diskFull(STORAGE_RETRY_AFTER_S, 'Free disk space below the floor');
  }
}

export type DiskVerdict = 'ok' | 'low' | 'unreadable';

/**
 * The disk's state for health checks, refreshed at most every `maxAgeMs` and never awaited by
 * the asker after the first time: statfs waits behind large writes, and a health probe must
 * answer in milliseconds whatever the disk is doing.
 */
export function createDiskWatch(dir: string, floor: number, maxAgeMs = 2000) {
  /** The last reading: its verdict, and the free bytes (null when the folder could not be read). */
  let last: { verdict: DiskVerdict; free: number | null } | undefined;
  let checkedAt = 0;
  let pending: Promise<{ verdict: DiskVerdict; free: number | null }> | undefined;
  const refresh = () =>
    (pending ??= freeBytes(dir)
      .then(
        (free) => ({ verdict: free < floor ? ('low' as const) : ('ok' as const), free }),
        () => ({ verdict: 'unreadable' as const, free: null }),
      )
      .then((reading) => {
        last = reading;
        checkedAt = Date.now();
        pending = undefined;
        return reading;
      }));
  const reading = async () => {
    if (last === undefined) return refresh();
    if (Date.now() - checkedAt > maxAgeMs) void refresh();
    return last;
  };
  return {
    async status(): Promise<DiskVerdict> {
      return (await reading()).verdict;
    },
    /** Free bytes for unprivileged writes (as of the last reading), null when unreadable. */
    async freeBytes(): Promise<number | null> {
      return (await reading()).free;
    },
  };
}
