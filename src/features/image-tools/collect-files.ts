/**
 * Files from a drop, folders walked recursively (DataTransferItem.webkitGetAsEntry is the one
 * API every current browser has for dropped folders).
 */
async function readEntries(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  // readEntries returns at most ~100 entries per call: read until it returns none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, out: File[]): Promise<void> {
  if (entry.isFile) {
    out.push(await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)));
    return;
  }
  if (entry.isDirectory) {
    for (const child of await readEntries(entry as FileSystemDirectoryEntry)) await walk(child, out);
  }
}

export async function filesFromDrop(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items].map((item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null));
  if (entries.every((entry) => entry === null)) return [...data.files];
  const out: File[] = [];
  for (const entry of entries) if (entry) await walk(entry, out);
  return out;
}
