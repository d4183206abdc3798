import yauzl from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  /** Total uncompressed bytes allowed. */
  maxUncompressed: number;
  /** Largest allowed uncompressed/compressed ratio for the whole archive. */
  maxRatio: number;
  /** Uncompressed bytes allowed to one entry; default: `maxUncompressed`. */
  maxEntryUncompressed?: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxUncompressed: 512 * 1024 * 1024, maxRatio: 200, maxEntryUncompressed: 256 * 1024 * 1024 };

export type ZipVerdict =
  | {
      ok: true;
      names: Set<string>;
      /**
       * Inflates one entry, counting the bytes really produced: past `maxBytes`, past what its
       * headers declared, past the per-entry limit or past what is left of the archive's
       * `maxUncompressed`, it stops and rejects with ZipBombError.
       */
      read(name: string, maxBytes?: number): Promise<Buffer>;
      /**
       * Inflates every entry under the same limits, keeping nothing: resolves once the whole
       * archive has been proved to expand no further than it may, so a parser can be given it.
       */
      inflateAll(): Promise<void>;
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

type Opened = (err: Error | null, zip?: yauzl.ZipFile) => void;

/**
 * Reads a zip's central directory (of a file, or of bytes already in memory) and refuses
 * archives that would expand too far by their declared sizes, hold too many entries, or name
 * paths outside the archive. Declared sizes can lie, so entry data is inflated only through
 * `read` and `inflateAll`, which count the real bytes as they come out and stop at the first
 * byte past a limit: the one reader every upload check and importer goes through.
 */
export function inspectZip(source: string | Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipVerdict> {
  // Our own count of inflated bytes replaces yauzl's check against the declared size, so the
  // limit holds whatever a header claims.
  const options: yauzl.Options = { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: false };
  const open = (done: Opened) =>
    typeof source === 'string' ? yauzl.open(source, options, done) : yauzl.fromBuffer(Buffer.from(source.buffer, source.byteOffset, source.byteLength), options, done);
  const maxEntry = Math.min(limits.maxEntryUncompressed ?? Infinity, limits.maxUncompressed);
  return new Promise((resolve) => {
    open((err, zip) => {
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
        if (uncompressed > limits.maxUncompressed || entry.uncompressedSize > maxEntry) return fail('tooLarge');
        entries.set(name, entry);
        zip.readEntry();
      });
      zip.on('end', () => {
        if (uncompressed > 1024 * 1024 && uncompressed / Math.max(1, compressed) > limits.maxRatio) return fail('tooLarge');
        const inflate = (entry: yauzl.Entry | undefined, maxBytes: number, keep: boolean) => readEntry(zip, entry, Math.min(maxBytes, maxEntry), budget, keep);
        resolve({
          ok: true,
          names: new Set(entries.keys()),
          read: (name, maxBytes = Infinity) => inflate(entries.get(name), maxBytes, true),
          inflateAll: async () => {
            for (const entry of entries.values()) await inflate(entry, Infinity, false);
          },
          close: () => zip.close(),
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * Inflates an entry, stopping and refusing once it gave more than `maxBytes`, more than its
 * headers declared (an honest writer knows the size it wrote) or more than the archive's budget
 * has left. Without `keep` the bytes are counted and dropped, so memory stays one chunk.
 */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, maxBytes: number, budget: { left: number }, keep: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (!entry) return reject(new Error('no such entry'));
    const limit = Math.min(maxBytes, entry.uncompressedSize);
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('unreadable entry'));
      const chunks: Buffer[] = [];
      let count = 0;
      stream.on('data', (c: Buffer) => {
        count += c.length;
        budget.left -= c.length;
        if (count > limit || budget.left < 0) {
          stream.destroy();
          reject(new ZipBombError(count));
          return;
        }
        if (keep) chunks.push(c);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
