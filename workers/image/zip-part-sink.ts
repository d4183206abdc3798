interface SyncAccess {
  write(buffer: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}

/** Where one zip part's bytes go as they are made. */
export interface PartSink {
  write(chunk: Uint8Array): void;
  /** The finished part: a file on disk (OPFS) or, without OPFS, the chunks in memory. */
  close(): Promise<Blob>;
}

/** The worker's folder in the origin's private file system; old parts are cleared when a new zip starts. */
const FOLDER = 'zip-parts';

async function partsFolder(): Promise<FileSystemDirectoryHandle | null> {
  try {
    const root = await navigator.storage.getDirectory();
    return await root.getDirectoryHandle(FOLDER, { create: true });
  } catch {
    return null;
  }
}

/** Parts older than this are left over from earlier batches: their downloads are long over. */
const STALE_MS = 15 * 60_000;

/**
 * Removes parts of earlier zips. Called when a zip starts, not when one ends (the browser's
 * download reads a part after `finish`), and only parts a quarter of an hour old, so a zip that
 * another tab or the previous batch is still downloading is left alone.
 */
export async function clearOldParts(now = Date.now()): Promise<void> {
  const folder = await partsFolder();
  if (!folder) return;
  // entries() is an async iterator of FileSystemDirectoryHandle (lib.dom's types lag behind).
  for await (const [name, handle] of (folder as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
    if (handle.kind !== 'file') continue;
    const modified = await (handle as FileSystemFileHandle)
      .getFile()
      .then((f) => f.lastModified)
      .catch(() => 0);
    if (now - modified > STALE_MS) await folder.removeEntry(name).catch(() => undefined);
  }
}

/**
 * A part written straight to disk through a synchronous access handle (dedicated workers only),
 * so a batch of thousands of photos never sits in memory; null where OPFS is not available.
 */
export async function diskSink(name: string): Promise<PartSink | null> {
  const folder = await partsFolder();
  if (!folder) return null;
  try {
    const handle = await folder.getFileHandle(name, { create: true });
    // In dedicated workers only; the DOM typings the app compiles against do not declare it.
    const access = await (handle as FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncAccess> }).createSyncAccessHandle();
    access.truncate(0);
    let at = 0;
    return {
      write(chunk) {
        at += access.write(chunk, { at });
      },
      async close() {
        access.flush();
        access.close();
        return handle.getFile();
      },
    };
  } catch {
    return null;
  }
}

/** The fallback: the part's chunks held until it closes (what every zip did before OPFS). */
export function memorySink(): PartSink {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  return {
    write: (chunk) => chunks.push(new Uint8Array(chunk)),
    close: () => Promise.resolve(new Blob(chunks, { type: 'application/zip' })),
  };
}
