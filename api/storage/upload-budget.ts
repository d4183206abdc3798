/**
 * Bytes each user is writing right now, in this process. Together with the bytes their stored
 * conversions hold (in the database), it caps what one account can put on the disk, even with
 * many uploads in parallel. Past one API process the in-flight part is per process, so the cap
 * can be exceeded by at most one in-flight upload per process.
 */
export interface UploadBudget {
  /** Bytes `userId` has in flight. */
  inFlight(userId: string): number;
  /** Counts `bytes` more for `userId`; returns a function that releases what this upload added. */
  open(userId: string): { add(bytes: number): number; release(): void };
}

export function createUploadBudget(): UploadBudget {
  const flying = new Map<string, number>();
  return {
    inFlight: (userId) => flying.get(userId) ?? 0,
    open(userId) {
      let mine = 0;
      let released = false;
      return {
        add(bytes) {
          if (released) return mine;
          mine += bytes;
          flying.set(userId, (flying.get(userId) ?? 0) + bytes);
          return mine;
        },
        release() {
          if (released) return;
          released = true;
          const left = (flying.get(userId) ?? 0) - mine;
          if (left > 0) flying.set(userId, left);
          else flying.delete(userId);
        },
      };
    },
  };
}
