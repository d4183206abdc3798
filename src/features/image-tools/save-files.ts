import { downloadBlob } from '../../lib/download';

interface DirectoryPickerWindow {
  showDirectoryPicker?: (options?: { mode?: 'readwrite'; id?: string }) => Promise<FileSystemDirectoryHandle>;
}

/** Where "save as files" writes: a folder the user picks where the browser allows, else downloads. */
export type FileSink = (name: string, bytes: ArrayBuffer | Blob) => Promise<void>;

/**
 * Asks for a folder (Chromium browsers) and returns a writer into it; elsewhere, or when the user
 * declines the picker, files are downloaded one by one. Must run straight from the click.
 */
export async function openFileSink(): Promise<FileSink | null> {
  const picker = (window as DirectoryPickerWindow).showDirectoryPicker;
  if (!picker) return async (name, bytes) => downloadBlob(bytes instanceof Blob ? bytes : new Blob([bytes]), name);
  let dir: FileSystemDirectoryHandle;
  try {
    dir = await picker.call(window, { mode: 'readwrite', id: 'image-tools' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') return null;
    return async (name, bytes) => downloadBlob(bytes instanceof Blob ? bytes : new Blob([bytes]), name);
  }
  return async (name, bytes) => {
    const handle = await dir.getFileHandle(name, { create: true });
    const writable = await handle.createWritable();
    await writable.write(bytes);
    await writable.close();
  };
}
