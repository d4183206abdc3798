import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { extensionOf, type ConvertCard } from '@contracts/convert-catalogue.js';
import { pdfToolOptionsSchema, splitSecrets } from '@contracts/pdf-tools.js';
import { pickEngine } from '@engines/engine-table.js';
import { heldBytesCap, type Limit } from '@contracts/quota.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { heldBytes } from '../repositories/conversions.repository.js';
import { assertRoomFor } from '../storage/disk-space.js';
import { storageFault } from '../storage/storage-errors.js';
import type { UploadBudget } from '../storage/upload-budget.js';
import { checkContent } from '../storage/content-check.js';
import type { FileStore } from '../storage/file-store.js';
import { browserOnly, catalogueCard, loadCatalogue, recordUpload, switchedOff, type Catalogue, type UploadedFile } from './conversion.service.js';
import { sealSecrets } from '../pdf/sealed-options.js';
import { batchTooLarge, fileTooLarge, liveRows, loadGateRows, noBatch, rowsForType } from './package-gate.js';
import { CONVERT_PRODUCT, limitsOf } from './quota.service.js';

/** Room for multipart boundaries and the convertType and options fields on top of the files themselves. */
const MULTIPART_OVERHEAD = 128 * 1024;
/** A PDF tool's options as JSON: an organise order of many thousand pages fits. */
const OPTIONS_MAX_BYTES = 64 * 1024;

interface Received extends UploadedFile {
  ext: string;
}

export interface UploadDeps {
  db: Db;
  store: FileStore;
  now: () => number;
  /** Bytes each user is writing now (see api/storage/upload-budget.ts). */
  budget: UploadBudget;
  /**
   * Uploads are refused while the disk holding `dir` (the data folder: local files, job and
   * temporary folders) has less than `bytes` free.
   */
  diskFloor: { dir: string; bytes: number };
  /** Seals a PDF tool's passwords until its job ends (api/services/sealed-options.ts). */
  secret: string;
}

/** Uploads of server conversions: `receive` streams one multipart request to the file store. */
export function createUploadService(deps: UploadDeps) {
  return {
    receive: (userId: string, req: UploadRequest) => receiveUpload(deps, userId, req),
  };
}
export type UploadService = ReturnType<typeof createUploadService>;

type UploadRequest = { headers: Headers; body: ReadableStream<Uint8Array> | null };

const invalid = (field: string, key: string) => new AppError(ErrorCode.VALIDATION_FAILED, `Invalid ${field}`, { [field]: key });
const storageFull = (cap: number) => new AppError(ErrorCode.STORAGE_FULL, 'Stored files reached the package limit', { heldBytesCap: cap });

/**
 * Streams a multipart upload (`convertType`, then `files`) to the store under random names,
 * enforcing the user's batch, size and stored-bytes limits while reading and checking each
 * file's content afterwards. Nothing is charged here. Whatever ends the upload early (a refusal,
 * a client that goes away, a malformed body, a full or read-only disk) ends this request only
 * and removes every byte it stored.
 */
async function receiveUpload(deps: UploadDeps, userId: string, req: UploadRequest) {
  const now = deps.now();
  const gateRows = await loadGateRows(deps.db, userId, CONVERT_PRODUCT);
  // The most any live package allows bounds the body; the type's own limits apply once its field is read.
  const limit = limitsOf(liveRows(gateRows, now));
  const contentType = req.headers.get('content-type') ?? '';
  if (limit.maxFileSize === 0) {
    // No live package: whether that is 1001 or 1004 depends on the type, the body's first field.
    const convertType = contentType.startsWith('multipart/form-data') && req.body ? await readConvertType(contentType, req.body) : undefined;
    rowsForType(gateRows, convertType ?? '', now);
    // Only a live package with conversions but no file size gets here: it allows no upload either.
    throw new AppError(ErrorCode.FEATURE_MISSING, 'No bundle with this feature', { convertType });
  }
  const maxFiles = Math.max(1, limit.maxBatchCount);
  const declared = Number(req.headers.get('content-length') ?? '0') || 0;
  if (declared > limit.maxFileSize * maxFiles + MULTIPART_OVERHEAD) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'Upload larger than your bundle allows', { maxFileSize: limit.maxFileSize });
  }
  if (!contentType.startsWith('multipart/form-data') || !req.body) throw invalid('files', 'validation.filesRequired');
  const cap = heldBytesCap(limit);
  const room = cap - (await heldBytes(deps.db, userId)) - deps.budget.inFlight(userId);
  if (room <= 0 || declared - MULTIPART_OVERHEAD > room) throw storageFull(cap);
  // In object storage the upload takes no local space, but conversions still copy it here.
  await assertRoomFor(deps.diskFloor.dir, deps.store.onLocalDisk ? declared : 0, deps.diskFloor.bytes);

  const documentId = randomUUID();
  // Read afresh, not from the conversion service's cache: a card switched off stops uploads at once.
  const catalogue = await loadCatalogue(deps.db);
  const files: Received[] = [];
  const spend = deps.budget.open(userId);
  try {
    const limitFor = (convertType: string) => limitsOf(rowsForType(gateRows, convertType, now));
    const { card, options } = await parseUpload({ ...deps, catalogue, limit, limitFor, maxFiles, files, documentId }, contentType, req.body, (bytes) => {
      if (spend.add(bytes) > room) throw storageFull(cap);
    });
    if (!card) throw invalid('convertType', 'validation.convertTypeInvalid');
    const toolOptions = card.tool ? toolOptionsOf(card, options, deps.secret) : undefined;
    if (files.length === 0) throw invalid('files', 'validation.filesRequired');
    for (const f of files) {
      f.size = (await deps.store.stat(f.key)).size;
      const verdict = await deps.store.withLocalFile(f.key, (path) => checkContent(path, f.ext));
      if (!verdict.ok) {
        throw new AppError(ErrorCode.UNSUPPORTED_CONTENT, 'File content does not match its type', { file: f.name, reason: verdict.reason });
      }
    }
    await recordUpload(deps.db, { userId, documentId, convertType: card.key, files, now, ...(toolOptions ? { options: toolOptions } : {}) });
  } catch (err) {
    await deps.store.delete(documentId).catch(() => undefined);
    throw storageFault(err) ?? err;
  } finally {
    spend.release();
  }
  return { documentId, files: files.map((f) => ({ fileId: f.fileId, name: f.name, size: f.size })) };
}

interface ParseContext {
  store: FileStore;
  catalogue: Catalogue;
  /** The most any live package allows (busboy's limits). */
  limit: Limit;
  /** What the live packages that include a type allow; throws 1001 or 1004 when none does (package-gate.ts). */
  limitFor: (convertType: string) => Limit;
  maxFiles: number;
  files: Received[];
  documentId: string;
}

/**
 * Parses the multipart body, writing each accepted file to the store as it arrives. Resolves
 * with the chosen card once every byte is read and every write has finished; rejects with the
 * first refusal or fault, after every write has settled, so the caller can remove what was
 * written. `onBytes` is told of every file chunk and may throw to stop the upload.
 */
async function parseUpload(ctx: ParseContext, contentType: string, body: ReadableStream<Uint8Array>, onBytes: (n: number) => void): Promise<{ card: ConvertCard | undefined; options: string | undefined }> {
  const { store, catalogue, limit, limitFor, maxFiles, files, documentId } = ctx;
  let card: ConvertCard | undefined;
  /** A PDF tool's `options` field as sent (JSON), parsed once the body is read. */
  let options: string | undefined;
  /** The chosen type's limits, known once the convertType field is read and gated. */
  let typeLimit: Limit | undefined;
  let failed: Error | undefined;
  const writes: Promise<void>[] = [];
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  const bb = busboy({
    headers: { 'content-type': contentType },
    // Browsers send file names as raw UTF-8.
    defParamCharset: 'utf8',
    limits: { fileSize: limit.maxFileSize, files: maxFiles + 1, fields: 4, fieldSize: OPTIONS_MAX_BYTES },
  });
  /** Records the first failure; a fault (not a refusal) also stops reading the body. */
  const fail = (err: unknown, stop = false) => {
    failed ??= err instanceof Error ? err : new Error(String(err));
    if (stop) source.destroy();
  };
  bb.on('field', (name, value, info) => {
    if (name === 'options') {
      if (info.valueTruncated || value.length > OPTIONS_MAX_BYTES) return fail(invalid('options', 'validation.pdfOptionsInvalid'), true);
      options = value;
      return;
    }
    if (name !== 'convertType') return;
    card = catalogueCard(catalogue, value);
    // A card staff switched off (1001) or keep on the device (40001): refused before a single file byte is stored.
    if (!card) return catalogue.known.has(value) ? fail(switchedOff(value), true) : undefined;
    if (card.engine === 'browser' || (card.tool && pickEngine(card, '') !== 'server')) return fail(browserOnly(), true);
    try {
      const packageLimit = limitFor(card.key);
      // Staff's cap for the card applies on top of the package's.
      const cap = card.maxFileSize;
      typeLimit = cap === null ? packageLimit : { ...packageLimit, maxFileSize: Math.min(packageLimit.maxFileSize, cap) };
    } catch (err) {
      // Not in any live package: refuse before a single file byte is stored.
      fail(err, true);
    }
  });
  bb.on('file', (_field, stream, info) => {
    const ext = extensionOf(info.filename ?? '');
    const typeMaxFiles = Math.max(1, typeLimit?.maxBatchCount ?? 0);
    const refusal = failed
      ? undefined
      : !card || !typeLimit
        ? invalid('convertType', 'validation.convertTypeInvalid')
        : files.length >= 1 && !typeLimit.batch
          ? noBatch()
          : files.length >= typeMaxFiles
            ? batchTooLarge(typeMaxFiles)
            : !card.acceptedExtensions.includes(ext)
              ? invalid('files', 'validation.fileTypeNotAccepted')
              : undefined;
    if (failed || refusal || !typeLimit) {
      if (refusal) fail(refusal);
      stream.resume();
      return;
    }
    const entry: Received = { fileId: randomUUID(), name: safeName(info.filename ?? ''), size: 0, key: store.newKey(documentId, ext), ext };
    files.push(entry);
    const maxFileSize = typeLimit.maxFileSize;
    let fileBytes = 0;
    stream.on('limit', () => fail(fileTooLarge(maxFileSize)));
    const counted: Transform = new Transform({
      transform(chunk: Buffer, _enc, done) {
        try {
          fileBytes += chunk.length;
          // busboy stops at the largest size any package allows; the type's packages may allow less.
          if (fileBytes > maxFileSize) throw fileTooLarge(maxFileSize);
          onBytes(chunk.length);
          done(null, chunk);
        } catch (err) {
          done(err as Error);
        }
      },
    });
    // A truncated body errors busboy's file stream; pipe() would not pass that on. The store's
    // pipeline reports the error; until it is attached (it first makes the folder) the no-op
    // listener keeps an early error from being an unhandled 'error' event.
    stream.on('error', (err) => counted.destroy(err));
    counted.on('error', () => undefined);
    // Handled at once: a write that fails mid-upload (disk full, read-only) must never be an unhandled rejection.
    writes.push(store.put(entry.key, stream.pipe(counted)).catch((err: unknown) => {
      stream.resume();
      fail(err, true);
    }));
  });
  try {
    await pipeline(source, bb);
  } catch {
    // The client went away or sent a body busboy cannot read (a fault recorded first wins).
    fail(invalid('files', 'validation.uploadMalformed'));
  }
  await Promise.all(writes);
  if (failed) throw failed;
  return { card, options };
}

/**
 * A PDF tool's options, checked with its schema (40001 `validation.pdfOptionsInvalid` otherwise),
 * as the conversion's record keeps them: passwords sealed, the rest plain.
 */
function toolOptionsOf(card: ConvertCard, sent: string | undefined, secret: string): { plain: Record<string, unknown>; sealed?: string } {
  const schema = card.tool ? pdfToolOptionsSchema(card.tool) : undefined;
  let json: unknown;
  try {
    json = sent === undefined ? {} : JSON.parse(sent);
  } catch {
    throw invalid('options', 'validation.pdfOptionsInvalid');
  }
  const parsed = schema?.safeParse(json);
  if (!parsed?.success) {
    // A new password qpdf cannot take has a message of its own; anything else is the generic one.
    const dash = parsed?.error.issues.some((i) => i.message === 'validation.pdfPasswordLeadingDash');
    throw invalid('options', dash ? 'validation.pdfPasswordLeadingDash' : 'validation.pdfOptionsInvalid');
  }
  const { plain, secrets } = splitSecrets(parsed.data);
  return Object.keys(secrets).length > 0 ? { plain, sealed: sealSecrets(secret, secrets) } : { plain };
}

/**
 * The multipart body's `convertType` field (it comes first), reading no further: undefined when
 * a file or the end comes first or the body cannot be parsed. The rest of the body is dropped.
 */
function readConvertType(contentType: string, body: ReadableStream<Uint8Array>): Promise<string | undefined> {
  return new Promise((resolve) => {
    const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
    const done = (value: string | undefined) => {
      resolve(value);
      source.unpipe();
      source.destroy();
    };
    source.on('error', () => done(undefined));
    let bb: ReturnType<typeof busboy>;
    try {
      bb = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { fields: 4, fieldSize: 256 } });
    } catch {
      return done(undefined);
    }
    bb.on('field', (name, value) => name === 'convertType' && done(value));
    bb.on('file', (_name, stream) => {
      stream.resume();
      done(undefined);
    });
    bb.on('error', () => done(undefined));
    bb.on('close', () => done(undefined));
    source.pipe(bb);
  });
}

/** The user's file name without any path, control characters or excess length (display only). */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
  return cleaned || 'file';
}
