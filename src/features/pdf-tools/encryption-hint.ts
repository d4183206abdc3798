/** Bytes read at each end of a file: the trailer is at the end, a linearised file's first one near the start. */
const WINDOW = 64 * 1024;
const MARK = '/Encrypt';

/**
 * A cheap first look before asking the worker: an encrypted PDF names its `/Encrypt` dictionary
 * in a trailer, which is never encrypted itself. A false alarm only costs the worker's check.
 */
export async function mayBeEncrypted(file: Blob): Promise<boolean> {
  const ends = file.size <= 2 * WINDOW ? [file] : [file.slice(0, WINDOW), file.slice(file.size - WINDOW)];
  for (const part of ends) {
    if (new TextDecoder('latin1').decode(await part.arrayBuffer()).includes(MARK)) return true;
  }
  return false;
}
