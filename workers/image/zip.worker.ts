import { expose } from 'comlink';
import { PartedZip } from './parted-zip';
import { clearOldParts, diskSink, memorySink } from './zip-part-sink';

/**
 * Builds one zip off the main thread, written to disk as entries arrive (buffers transferred in)
 * and split into parts of at most `partBytes`: a batch of a thousand photos is never held in
 * memory (workers/image/parted-zip.ts).
 */
let zip: PartedZip | null = null;
let run = 0;

const api = {
  async start(partBytes: number): Promise<void> {
    const id = `${Date.now().toString(36)}-${(run += 1)}`;
    await clearOldParts();
    zip = new PartedZip(partBytes, async (index) => (await diskSink(`${id}-part${index}.zip`)) ?? memorySink());
  },

  async add(name: string, bytes: ArrayBuffer): Promise<void> {
    await zip!.add(name, new Uint8Array(bytes));
  },

  /** The finished parts; Blobs, so the page receives handles to files on disk instead of copies. */
  async finish(): Promise<Blob[]> {
    const parts = await zip!.finish();
    zip = null;
    return parts;
  },
};

expose(api);
export type ZipWorkerApi = typeof api;
