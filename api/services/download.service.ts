import { open, type FileHandle } from 'node:fs/promises';
import { ErrorCode } from '@contracts/error-codes.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import type { FileStore } from '../storage/file-store.js';

/** A result file for its owner: 40404 for anyone else or any other file, 41001 once expired. */
export async function openDownload(db: Db, store: FileStore, userId: string, documentId: string, fileId: string, now: number) {
  const row = await db
    .selectFrom('conversion_files')
    .innerJoin('conversions', 'conversions.id', 'conversion_files.conversion_id')
    .select(['conversion_files.name', 'conversion_files.size', 'conversion_files.mime', 'conversion_files.storage_key', 'conversions.expires_at', 'conversions.files_purged'])
    .where('conversion_files.id', '=', fileId)
    .where('conversion_files.conversion_id', '=', documentId)
    .where('conversion_files.kind', '=', 'output')
    .where('conversions.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) {
    const purged = await db.selectFrom('conversions').select('id').where('id', '=', documentId).where('user_id', '=', userId).where('files_purged', '=', 1).executeTakeFirst();
    if (purged) throw new AppError(ErrorCode.GONE, 'The file has been deleted');
    throw new AppError(ErrorCode.NOT_FOUND, 'No such file');
  }
  if (row.files_purged === 1 || now >= row.expires_at) throw new AppError(ErrorCode.GONE, 'The file has been deleted');
  // Opened before answering, so a file the sweeper just removed is a clean 41001, not a broken stream.
  let handle: FileHandle;
  try {
    handle = await open(store.path(row.storage_key), 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError(ErrorCode.GONE, 'The file has been deleted');
    throw err;
  }
  const stream = handle.createReadStream();
  // A client that goes away mid-download destroys the stream; a read error ends only this response.
  stream.on('error', () => undefined);
  return { stream, name: row.name, size: row.size, mime: row.mime };
}

/** `attachment` with an ASCII fallback name and the UTF-8 name in `filename*` (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
