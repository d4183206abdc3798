import yauzl from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  /** Total uncompressed bytes allowed. */
  maxUncompressed: number;
  /** Largest allowed uncompressed/compressed ratio for the whole archive. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxUncompressed: 512 * 1024 * 1024, maxRatio: 200 };

export type ZipVerdict =
  | {
      ok: true;
      names: Set<string>;
      /**
       * Inflates one entry, counting the bytes really produced: past `maxBytes`, or past what is
       * left of the archive's `maxUncompressed`, it stops and rejects with ZipBombError.
       */
      read(name: string, maxBytes?: number): Promise<Buffer>;
      close(): void;
    }
  | { ok: false; reason: 'notZip' | 'tooManyEntries' | 'tooLarge' | 'pathTrick' };

/** An entry inflated past its limit: the archive expands further than it may, whatever its headers claim. */
export class ZipBombError extends Error {
  constructor(readonly inflated: number) {
    super(`zip entry inflated past its limit (${inflated} bytes read)`);
    this.name = 'ZipBombError';
  }
}

/**
 * Reads a zip's central directory and refuses archives that would expand too far by their
 * declared sizes, hold too many entries, or name paths outside the archive. Declared sizes can
 * lie, so entry data is inflated only through `read`, which counts the real bytes as they come
 * and stops at the limit.
 */
export function inspectZip(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipVerdict> {
  return new Promise((resolve) => {
    // Our own count of inflated bytes replaces yauzl's check against the declared size, so the
    // limit holds whatever a header claims.
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: false }, (err, zip) => {
      if (err || !zip) return resolve({ ok: false, reason: 'notZip' });
      const entries = new Map<string, yauzl.Entry>();
      let compressed = 0;
      let uncompressed = 0;
      /** Bytes `read` may still inflate from this archive, counted as they come out. */
      const budget = { left: limits.maxUncompressed };
      const fail = (reason: 'tooManyEntries' | 'tooLarge' | 'pathTrick' | 'notZip') => {
        zip.close();
        resolve({ ok: false, reason });
      };
      if (zip.entryCount > limits.maxEntries) return fail('tooManyEntries');
      zip.on('error', () => fail('notZip'));
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.startsWith('/') || name.includes('\\') || /(^|\/)\.\.(\/|$)/.test(name) || /^[A-Za-z]:/.test(name)) return fail('pathTrick');
        compressed += entry.compressedSize;
        uncompressed += entry.uncompressedSize;
        if (uncompressed > limits.maxUncompressed) return fail('tooLarge');
        entries.set(name, entry);
        zip.readEntry();
      });
      zip.on('end', () => {
        if (uncompressed > 1024 * 1024 && uncompressed / Math.max(1, compressed) > limits.maxRatio) return fail('tooLarge');
        resolve({
          ok: true,
          names: new Set(entries.keys()),
          read: (name, maxBytes = Infinity) => readEntry(zip, entries.get(name), maxBytes, budget),
          close: () => zip.close(),
        });
      });
      zip.readEntry();
    });
  });
}

/** Inflates an entry, stopping and refusing once it gave more than `maxBytes` or than the archive's budget has left. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, maxBytes: number, budget: { left: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (!entry) return reject(new Error('no such entry'));
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('unreadable entry'));
      const chunks: Buffer[] = [];
      let count = 0;
      stream.on('data', (c: Buffer) => {
        count += c.length;
        budget.left -= c.length;
        if (count > maxBytes || budget.left < 0) {
          stream.destroy();
          reject(new ZipBombError(count));
          return;
        }
        chunks.push(c);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
