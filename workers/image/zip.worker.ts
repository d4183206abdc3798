import { expose } from 'comlink';
import JSZip from 'jszip';
import { OpfsZipParts } from './opfs-zip-parts';

/**
 * Builds the batch zip off the main thread. Entries arrive as they are processed (buffers
 * transferred in), and are stored uncompressed: JPEG, WebP and PNG are compressed already, so
 * deflating them again costs time and saves almost nothing.
 *
 * Where the origin private file system offers synchronous handles, entries stream straight into
 * part files on disk, split at the part limit (docs/image-batches.md); elsewhere the zip is built
 * in memory with JSZip, as one archive.
 */
let disk: OpfsZipParts | null = null;
let memory: JSZip | null = null;

export type ZipMode = 'opfs' | 'memory';

const api = {
  /** Call once before `add` for part files on disk. `batchId` names the batch's OPFS folder (starts with a timestamp). */
  async start(batchId: string, partLimit: number): Promise<ZipMode> {
    disk = await OpfsZipParts.open(batchId, partLimit);
    memory = disk ? null : new JSZip();
    return disk ? 'opfs' : 'memory';
  },

  async add(name: string, bytes: ArrayBuffer): Promise<void> {
    if (disk) await disk.add(name, new Uint8Array(bytes));
    else (memory ??= new JSZip()).file(name, bytes, { binary: true, compression: 'STORE' });
  },

  /** The in-memory archive as one Blob (a handle, so the page receives no copy); without `start`. */
  async finish(): Promise<Blob> {
    const blob = await (memory ?? new JSZip()).generateAsync({ type: 'blob', mimeType: 'application/zip', compression: 'STORE' });
    memory = null;
    return blob;
  },

  /** The finished parts in order: disk-backed OPFS Files, or the one in-memory archive. */
  async finishParts(): Promise<Blob[]> {
    if (!disk) return [await api.finish()];
    const parts = await disk.finish();
    disk = null;
    return parts;
  },
};

expose(api);
export type ZipWorkerApi = typeof api;
