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
  | { ok: true; names: Set<string>; read(name: string): Promise<Buffer>; close(): void }
  | { ok: false; reason: 'notZip' | 'tooManyEntries' | 'tooLarge' | 'pathTrick' };

/**
 * Reads a zip's central directory and refuses archives that would expand too far, hold too many
 * entries, or name paths outside the archive. Entry data is not inflated here except through
 * `read`, which yauzl checks against the declared size (a lying header fails there).
 */
export function inspectZip(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipVerdict> {
  return new Promise((resolve) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve({ ok: false, reason: 'notZip' });
      const entries = new Map<string, yauzl.Entry>();
      let compressed = 0;
      let uncompressed = 0;
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
          read: (name) => readEntry(zip, entries.get(name)),
          close: () => zip.close(),
        });
      });
      zip.readEntry();
    });
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (!entry) return reject(new Error('no such entry'));
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('unreadable entry'));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
