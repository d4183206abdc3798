import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { buildCards, extensionOf, findCard, offeredFeatures, type CardSwitch, type ConvertCard, type EnginePreference, type Feature } from '@contracts/convert-catalogue.js';
import { acceptedFor, pickEngine } from '@engines/engine-table.js';
import { PDF_TOOLS, pdfToolCard, pdfToolSpec } from '@contracts/pdf-tools.js';
import type { StoredToolOptions } from '../pdf/sealed-options.js';
import { FILE_RETENTION_MS, type History } from '@contracts/documents.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { ConversionStatus, shownStatus, type ShownConversionStatus } from '@contracts/statuses.js';
import { transaction, type Db, type DbOrTx } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import {
  claimUpload,
  failAndRefund,
  findConversion,
  finishConversion,
  insertConversion,
  pageConversions,
  recordCharge,
  refundOnce,
  type ConversionRow,
} from '../repositories/conversions.repository.js';
import { allFeatures, convertToolRows, type ConvertToolRow } from '../repositories/features.repository.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import { fileTooLarge } from './package-gate.js';
import { chargeConversion } from './quota.service.js';
import { CATALOGUE_TTL_MS, createReadCache } from './read-cache.js';
import { deviceRefunds, type DeviceRefundDecision } from './device-refund.service.js';

type FileMeta = { name: string; size: number };

/** Seconds a client is asked to wait when the conversion queue is full. */
const QUEUE_RETRY_AFTER_S = 30;
type FileInfo = History['output']['filesInfos'][number];

const validation = (field: string, key: string) => new AppError(ErrorCode.VALIDATION_FAILED, `Invalid ${field}`, { [field]: key });

/**
 * 1001 for a card staff switched off: `switchedOff` tells the converter to show the card as
 * switched off rather than offer a bundle (no bundle would help).
 */
export const switchedOff = (convertType: string) => new AppError(ErrorCode.FEATURE_MISSING, 'This conversion is switched off', { convertType, switchedOff: true });

/** 40001 for a server upload of a card staff keep on the device. */
export const browserOnly = () => validation('engine', 'adminProducts.card.browserOnly');

/** The catalogue as the site offers it, and every card key there is at all (to tell a switched-off card from an unknown one). */
export interface Catalogue {
  features: Feature[];
  /** The PDF tools on offer (those staff switched off left out), as cards. */
  tools: ConvertCard[];
  known: ReadonlySet<string>;
}

export function toCardSwitch(row: ConvertToolRow): CardSwitch {
  return { enabled: row.enabled === 1, engine: row.engine as EnginePreference, maxFileSize: row.max_file_size };
}

/**
 * Reads the catalogue: the enabled sources with their targets (`convert_features`) minus the
 * cards staff switched off, with each card's engine preference and size cap (`convert_tools`).
 */
export async function loadCatalogue(db: DbOrTx): Promise<Catalogue> {
  const groups = await allFeatures(db);
  const switches = new Map((await convertToolRows(db)).map((r) => [r.convert_type, toCardSwitch(r)]));
  return {
    features: offeredFeatures(groups.filter((g) => g.enabled).map((g) => g.feature), switches),
    tools: PDF_TOOLS.filter((t) => switches.get(t.key)?.enabled !== false).map((t) => pdfToolCard(t, switches.get(t.key))),
    known: new Set([...groups.flatMap((g) => buildCards(g.feature).map((c) => c.key)), ...PDF_TOOLS.map((t) => t.key)]),
  };
}

/** The offered card (a conversion's or a PDF tool's) for a key, or undefined. */
export function catalogueCard(catalogue: Catalogue, convertType: string): ConvertCard | undefined {
  return findCard(catalogue.features, convertType) ?? catalogue.tools.find((t) => t.key === convertType);
}

/** The offered card for a key: 1001 when staff switched it off, 40001 when there is no such card. */
export function offeredCard(catalogue: Catalogue, convertType: string): ConvertCard {
  const card = catalogueCard(catalogue, convertType);
  if (card) return card;
  if (catalogue.known.has(convertType)) throw switchedOff(convertType);
  throw validation('convertType', 'validation.convertTypeInvalid');
}

/** 1005 when a file is over the card's own cap (the package's cap is checked where quota is spent). */
export function checkCardCap(card: ConvertCard, sizes: readonly number[]): void {
  if (card.maxFileSize !== null && sizes.some((s) => s > card.maxFileSize!)) throw fileTooLarge(card.maxFileSize);
}

export function createConversionService(db: Db, now: () => number = Date.now) {
  /**
   * The catalogue: read by every visitor and every conversion request, changed only by an admin
   * (who invalidates it; other instances follow within CATALOGUE_TTL_MS).
   */
  const catalogue = createReadCache(CATALOGUE_TTL_MS, (_: 'all') => loadCatalogue(db));
  /** The offered card for a key, and every file acceptable for it on that engine, or 1001 / 40001 / 1005. */
  async function checkRequest(convertType: string, files: FileMeta[], engine: 'browser' | 'server') {
    const card = offeredCard(await catalogue.get('all'), convertType);
    const accepted = acceptedFor(card);
    for (const f of files) {
      if (!accepted.includes(extensionOf(f.name))) throw validation('files', 'validation.fileTypeNotAccepted');
      // Staff's preference decides too: a card forced to the server takes no browser conversion.
      if (engine === 'browser' && pickEngine(card, f.name) !== 'browser') throw validation('engine', 'validation.engineUnsupported');
    }
    if (engine === 'server' && (card.engine === 'browser' || (card.tool && pickEngine(card, '') !== 'server'))) throw browserOnly();
    checkCardCap(card, files.map((f) => f.size));
    return card;
  }

  /** One unit per result: per file, except for the tools whose inputs all make one result (merge, images to PDF). */
  const outputsOf = (card: ConvertCard, files: FileMeta[]) => (card.tool && pdfToolSpec(card.tool)?.inputs === 'many' ? 1 : files.length);

  return {
    /** Conversions on offer, per source type (switched-off cards left out). */
    features: async () => (await catalogue.get('all')).features,
    /** Call after an admin changes the catalogue. */
    invalidateFeatures: () => catalogue.invalidate(),

    /** Checks and spends quota and records the conversion in one transaction; the file stays on the device. */
    async startBrowserConversion(userId: string, convertType: string, files: FileMeta[]) {
      const card = await checkRequest(convertType, files, 'browser');
      const t = now();
      const id = randomUUID();
      await transaction(db, async (tx) => {
        const { quotaId, units } = await chargeConversion(tx, userId, convertType, files.map((f) => f.size), t, outputsOf(card, files));
        await insertConversion(tx, {
          id,
          user_id: userId,
          convert_type: convertType,
          engine: 'browser',
          status: ConversionStatus.CONVERTING,
          input_json: JSON.stringify({ files }),
          output_json: JSON.stringify({ filesInfos: [] }),
          file_count: files.length,
          total_bytes: files.reduce((s, f) => s + f.size, 0),
          quota_id: quotaId,
          units,
          refunded: 0,
          failure_reason: null,
          created_at: t,
          updated_at: t,
          expires_at: t + FILE_RETENTION_MS,
        });
      });
      return { documentId: id, status: ConversionStatus.CONVERTING };
    },

    /**
     * A browser conversion's outcome. Success records the result names; failure records the reason
     * and refunds the units exactly once, within the daily device-side refund budget it shares with
     * tool uses (device-refund.service.ts; the failure is only the client's word): past it the
     * conversion is recorded failed, its units stay spent, and the refusal is logged to `log`.
     * A conversion that already ended is left as it is.
     */
    async complete(userId: string, id: string, outcome: { success: boolean; reason?: string | undefined; files?: FileMeta[] | undefined }, log: Logger) {
      const row = await findConversion(db, id, userId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such document');
      if (row.engine !== 'browser') throw new AppError(ErrorCode.FORBIDDEN, 'Server conversions report their own outcome');
      const t = now();
      const decision = await transaction(db, async (tx): Promise<DeviceRefundDecision | null> => {
        const filesInfos: FileInfo[] = (outcome.files ?? []).map((f) => ({
          convertFileName: f.name,
          convertFileUrl: '',
          validityPeriod: new Date(row.expires_at).toISOString(),
          status: ConversionStatus.SUCCEEDED,
        }));
        const ended = await finishConversion(tx, id, {
          status: outcome.success ? ConversionStatus.SUCCEEDED : ConversionStatus.FAILED,
          output_json: JSON.stringify({ filesInfos }),
          failure_reason: outcome.success ? null : (outcome.reason ?? 'failed'),
          updated_at: t,
        });
        return ended && !outcome.success ? refundBrowserFailure(tx, row, t, outcome.reason ?? 'failed') : null;
      });
      if (decision) deviceRefunds.report(log, decision);
      return this.get(userId, id);
    },

    /**
     * Starts an uploaded server conversion: spends its units and marks it converting in one
     * transaction (so a repeated call cannot charge twice), then queues the job (with `context`,
     * the request's id for its log lines). A full queue answers 50301 before anything is spent.
     */
    async startServerConversion(userId: string, id: string, queue: JobQueue, context: JobContext = {}) {
      if (await queue.isFull()) {
        throw new AppError(ErrorCode.QUEUE_FULL, 'Conversion queue full', { retryAfter: QUEUE_RETRY_AFTER_S }, { 'Retry-After': String(QUEUE_RETRY_AFTER_S) });
      }
      const row = await findConversion(db, id, userId);
      if (!row || row.engine !== 'server') throw new AppError(ErrorCode.NOT_FOUND, 'No such document');
      const t = now();
      if (t >= row.expires_at) throw new AppError(ErrorCode.GONE, 'The upload has expired');
      const inputs = (JSON.parse(row.input_json) as { files: FileMeta[] }).files;
      // Staff may have switched the card off (or changed it) since the upload: refused before anything is spent.
      if (row.status === ConversionStatus.UPLOADED) await checkRequest(row.convert_type, inputs, 'server');
      const started = await transaction(db, async (tx) => {
        if (!(await claimUpload(tx, id, t))) return false;
        const sizes = inputs.map((f) => f.size);
        const { quotaId, units } = await chargeConversion(tx, userId, row.convert_type, sizes, t);
        await recordCharge(tx, id, quotaId, units);
        return true;
      });
      if (started && !(await queue.enqueue(id, context))) {
        await failAndRefund(db, id, 'queueFull', now());
        throw new AppError(ErrorCode.QUEUE_FULL, 'Conversion queue full', { retryAfter: QUEUE_RETRY_AFTER_S }, { 'Retry-After': String(QUEUE_RETRY_AFTER_S) });
      }
      const current = await findConversion(db, id, userId);
      const status: ShownConversionStatus = shownStatus(current?.status ?? ConversionStatus.CONVERTING);
      return { documentId: id, status };
    },

    async get(userId: string, id: string): Promise<History> {
      const row = await findConversion(db, id, userId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such document');
      return toHistory(row, now());
    },

    async page(userId: string, page: number, pageSize: number) {
      const { list, total } = await pageConversions(db, userId, page, pageSize);
      const t = now();
      return { list: list.map((r) => toHistory(r, t)), total };
    },
  };
}

/** A stored upload's file: `key` is where the file store keeps it. */
export interface UploadedFile {
  fileId: string;
  name: string;
  size: number;
  key: string;
}

/**
 * Records a server conversion's upload, waiting for POST /document/convert (nothing charged yet),
 * with its input files, in one transaction.
 */
export async function recordUpload(db: Db, upload: { userId: string; documentId: string; convertType: string; files: UploadedFile[]; now: number; options?: StoredToolOptions }): Promise<void> {
  const { userId, documentId, convertType, files, now: t, options } = upload;
  await transaction(db, (tx) =>
    insertConversion(
      tx,
      {
        id: documentId,
        user_id: userId,
        convert_type: convertType,
        engine: 'server',
        status: ConversionStatus.UPLOADED,
        input_json: JSON.stringify({ files: files.map((f) => ({ name: f.name, size: f.size })), ...(options ? { options } : {}) }),
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
      },
      files.map((f) => ({ id: f.fileId, conversion_id: documentId, kind: 'input' as const, name: f.name, size: f.size, storage_key: f.key, mime: 'application/octet-stream', created_at: t })),
    ),
  );
}

/** A browser failure is refunded only while the user's device-side budget for the day lasts. */
async function refundBrowserFailure(db: DbOrTx, row: ConversionRow, now: number, reason: string): Promise<DeviceRefundDecision> {
  const decision = await deviceRefunds.decide(db, { kind: 'browser-conversion', userId: row.user_id, id: row.id, units: row.units, what: row.convert_type }, now);
  if (decision.granted) await refundOnce(db, row, reason, now);
  return decision;
}

export type ConversionService = ReturnType<typeof createConversionService>;

export function toHistory(row: ConversionRow, now: number): History {
  const input = JSON.parse(row.input_json) as { files: FileMeta[] };
  const output = JSON.parse(row.output_json) as { filesInfos: FileInfo[] };
  // An upload not yet sent to conversion reads as waiting, i.e. converting.
  const status = shownStatus(row.status);
  return {
    documentId: row.id,
    status,
    gmtCreate: new Date(row.created_at).toISOString(),
    engine: row.engine,
    reason: row.failure_reason,
    input: { files: input.files },
    output: { convertType: row.convert_type, status, filesInfos: output.filesInfos },
    expired: now >= row.expires_at,
  };
}
