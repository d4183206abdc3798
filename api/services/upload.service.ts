import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { extensionOf, findCard, type ConvertCard } from '../contracts/convert-catalogue.js';
import { FILE_RETENTION_MS } from '../contracts/documents.js';
import { ErrorCode } from '../contracts/error-codes.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { enabledFeatures } from '../repositories/features.repository.js';
import { checkContent } from '../storage/content-check.js';
import type { FileStore } from '../storage/file-store.js';
import { userLimits } from './quota.service.js';

/** Room for multipart boundaries and the convertType field on top of the files themselves. */
const MULTIPART_OVERHEAD = 64 * 1024;

interface Received {
  fileId: string;
  name: string;
  size: number;
  key: string;
  ext: string;
}

const invalid = (field: string, key: string) => new AppError(ErrorCode.VALIDATION_FAILED, `Invalid ${field}`, { [field]: key });

/**
 * Streams a multipart upload (`convertType`, then `files`) to the store under random names,
 * enforcing the user's batch and size limits while reading and checking each file's content
 * afterwards. Nothing is charged here; on any refusal every stored byte is removed.
 */
export async function receiveUpload(
  deps: { db: Db; store: FileStore; now: number },
  userId: string,
  req: { headers: Headers; body: ReadableStream<Uint8Array> | null },
) {
  const limit = await userLimits(deps.db, userId, deps.now);
  if (limit.maxFileSize === 0) throw new AppError(ErrorCode.FEATURE_MISSING, 'No bundle with this feature');
  const maxFiles = Math.max(1, limit.maxBatchCount);
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit.maxFileSize * maxFiles + MULTIPART_OVERHEAD) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'Upload larger than your bundle allows', { maxFileSize: limit.maxFileSize });
  }
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data') || !req.body) throw invalid('files', 'validation.filesRequired');

  const documentId = randomUUID();
  const features = await enabledFeatures(deps.db);
  let card: ConvertCard | undefined;
  const files: Received[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let failed: AppError | undefined;
      const fail = (err: AppError) => {
        failed ??= err;
      };
      const writes: Promise<void>[] = [];
      const bb = busboy({
        headers: { 'content-type': contentType },
        // Browsers send file names as raw UTF-8.
        defParamCharset: 'utf8',
        limits: { fileSize: limit.maxFileSize, files: maxFiles + 1, fields: 4, fieldSize: 256 },
      });
      bb.on('field', (name, value) => {
        if (name === 'convertType') card = findCard(features, value);
      });
      bb.on('file', (_field, stream, info) => {
        const filename = info.filename ?? '';
        const ext = extensionOf(filename);
        if (failed) return void stream.resume();
        if (!card) return fail(invalid('convertType', 'validation.convertTypeInvalid')), void stream.resume();
        if (files.length >= 1 && !limit.batch) return fail(new AppError(ErrorCode.NO_BATCH, 'Batch conversion is not in your bundle')), void stream.resume();
        if (files.length >= maxFiles) return fail(new AppError(ErrorCode.BATCH_TOO_LARGE, 'Too many files', { maxBatchCount: maxFiles })), void stream.resume();
        if (!card.acceptedExtensions.includes(ext)) return fail(invalid('files', 'validation.fileTypeNotAccepted')), void stream.resume();
        const entry: Received = { fileId: randomUUID(), name: safeName(filename), size: 0, key: deps.store.newKey(documentId, ext), ext };
        files.push(entry);
        stream.on('limit', () => fail(new AppError(ErrorCode.FILE_TOO_LARGE, 'File too large for your bundle', { maxFileSize: limit.maxFileSize })));
        writes.push(deps.store.write(entry.key, stream));
      });
      bb.on('error', () => reject(invalid('files', 'validation.uploadMalformed')));
      bb.on('close', () => {
        Promise.all(writes).then(
          () => (failed ? reject(failed) : resolve()),
          (err: unknown) => reject(failed ?? err),
        );
      });
      Readable.fromWeb(req.body as WebReadableStream<Uint8Array>).pipe(bb);
    });
    if (!card) throw invalid('convertType', 'validation.convertTypeInvalid');
    if (files.length === 0) throw invalid('files', 'validation.filesRequired');
    for (const f of files) {
      f.size = (await stat(deps.store.path(f.key))).size;
      const verdict = await checkContent(deps.store.path(f.key), f.ext);
      if (!verdict.ok) {
        throw new AppError(ErrorCode.UNSUPPORTED_CONTENT, 'File content does not match its type', { file: f.name, reason: verdict.reason });
      }
    }
    await saveUpload(deps, userId, documentId, card.key, files);
  } catch (err) {
    await deps.store.removeConversion(documentId);
    throw err;
  }
  return { documentId, files: files.map((f) => ({ fileId: f.fileId, name: f.name, size: f.size })) };
}

async function saveUpload(deps: { db: Db; now: number }, userId: string, documentId: string, convertType: string, files: Received[]) {
  const t = deps.now;
  await transaction(deps.db, async (tx) => {
    await tx
      .insertInto('conversions')
      .values({
        id: documentId,
        user_id: userId,
        convert_type: convertType,
        engine: 'server',
        status: 0,
        input_json: JSON.stringify({ files: files.map((f) => ({ name: f.name, size: f.size })) }),
        output_json: JSON.stringify({ filesInfos: [] }),
        file_count: files.length,
        total_bytes: files.reduce((s, f) => s + f.size, 0),
        quota_id: null,
        units: 0,
        refunded: 0,
        failure_reason: null,
        created_at: t,
        updated_at: t,
        expires_at: t + FILE_RETENTION_MS,
      })
      .execute();
    await tx
      .insertInto('conversion_files')
      .values(files.map((f) => ({ id: f.fileId, conversion_id: documentId, kind: 'input' as const, name: f.name, size: f.size, storage_key: f.key, mime: 'application/octet-stream', created_at: t })))
      .execute();
  });
}

/** The user's file name without any path, control characters or excess length (display only). */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
  return cleaned || 'file';
}
