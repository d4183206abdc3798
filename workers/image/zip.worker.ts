import { expose } from 'comlink';
import JSZip from 'jszip';

/**
 * Builds one zip off the main thread. Entries arrive as they are processed (buffers transferred
 * in), and are stored uncompressed: JPEG, WebP and PNG are compressed already, so deflating them
 * again costs time and saves almost nothing.
 */
let zip = new JSZip();

const api = {
  add(name: string, bytes: ArrayBuffer): void {
    zip.file(name, bytes, { binary: true, compression: 'STORE' });
  },

  /** The finished archive; a Blob, so the page receives a handle instead of a copy. */
  async finish(): Promise<Blob> {
    const blob = await zip.generateAsync({ type: 'blob', mimeType: 'application/zip', compression: 'STORE' });
    zip = new JSZip();
    return blob;
  },
};

expose(api);
export type ZipWorkerApi = typeof api;
