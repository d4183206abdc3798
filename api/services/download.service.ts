import { ErrorCode } from '@contracts/error-codes.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { findOutputFile, isPurged } from '../repositories/conversions.repository.js';
import { FileNotFoundError, type FileStore } from '../storage/file-store.js';

const gone = () => new AppError(ErrorCode.GONE, 'The file has been deleted');

/** Result files for their owners, streamed from the file store (local disk or object storage). */
export function createDownloadService(db: Db, store: FileStore, now: () => number = Date.now) {
  return {
    /** A result file for its owner: 40404 for anyone else or any other file, 41001 once expired or swept. */
    async open(userId: string, documentId: string, fileId: string) {
      const row = await findOutputFile(db, userId, documentId, fileId);
      if (!row) {
        if (await isPurged(db, userId, documentId)) throw gone();
        throw new AppError(ErrorCode.NOT_FOUND, 'No such file');
      }
      if (row.files_purged === 1 || now() >= row.expires_at) throw gone();
      // The store checks the file exists before answering, so a file the sweeper just removed is a clean 41001, not a broken stream.
      const stream = await store.get(row.storage_key).catch((err: unknown) => {
        throw err instanceof FileNotFoundError ? gone() : err;
      });
      // A client that goes away mid-download destroys the stream; a read error ends only this response.
      stream.on('error', () => undefined);
      return { stream, name: row.name, size: row.size, mime: row.mime };
    },
  };
}
export type DownloadService = ReturnType<typeof createDownloadService>;

/** `attachment` with an ASCII fallback name and the UTF-8 name in `filename*` (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
