import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { extensionOf, findCard, type ConvertCard } from '@contracts/convert-catalogue.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { History } from '@contracts/documents.js';
import { ConversionStatus } from '@contracts/statuses.js';
import type { Db } from '../db/index.js';
import { databaseFault } from '../db/unavailable.js';
import { failAndRefund, findConversionById, forgetToolSecrets, inputFiles, succeedWithOutputs } from '../repositories/conversions.repository.js';
import { enabledFeatures } from '../repositories/features.repository.js';
import type { EnginePort, EngineResult } from '../engine-threads/types.js';
import type { FileStore } from '../storage/file-store.js';
import { storageFault } from '../storage/storage-errors.js';
import { renameExt } from '@engines/document/types.js';
import { outputExtension, planSteps } from '@engines/engine-table.js';
import { callEngine, type JobTrace } from './engine-call.js';
import type { JobEnd, JobMetrics } from './job-metrics.js';
import type { OfficePort } from './office-port.js';
import { runPdfTool } from './run-pdf-tool.js';
import type { StoredToolOptions } from '../pdf/sealed-options.js';
import { pdfToolCard, pdfToolSpec } from '@contracts/pdf-tools.js';

export const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

export interface RunDeps {
  db: Db;
  store: FileStore;
  office: OfficePort | null;
  /** Engine ops (PDF, spreadsheet, Word) run here, in worker threads under time and memory limits, never on the request thread. */
  engines: EnginePort;
  now: () => number;
  timeoutMs: number;
  /** Where jobs keep their temporary folders; emptied at every start (see clearJobFolders). */
  workDir: string;
  /** True once a graceful stop began: a job its engines were taken from is left converting, not failed. */
  isStopping?: () => boolean;
  /** Job log lines go here, each with the job's conversion id and the request id that queued it. */
  logger?: Logger;
  /** Told how jobs and their engine calls end (the app's /metrics); none in a process without metrics. */
  metrics?: JobMetrics;
  /** Opens a PDF tool's sealed passwords (api/services/sealed-options.ts); tools that need one fail without it. */
  secret?: string;
}

/** A failure the user can read: an i18n reason key under `convert.reasons`. */
class ConversionFailure extends Error {}

/**
 * Runs one queued server conversion to its end: every input through its planned steps, results
 * stored beside the upload, status 3; or status 2 with a reason and the units refunded once.
 * Resolves how it ended; null when there was nothing to do (already ended) or a graceful stop
 * cut it short (it stays converting). `log` carries the job's ids.
 */
export async function runServerConversion(deps: RunDeps, conversionId: string, log: Logger): Promise<JobEnd | null> {
  const row = await findConversionById(deps.db, conversionId);
  if (!row || row.status !== ConversionStatus.CONVERTING) return null;
  const inputs = await inputFiles(deps.db, conversionId);
  const tool = pdfToolSpec(row.convert_type);
  const card = tool ? pdfToolCard(tool) : findCard(await enabledFeatures(deps.db), row.convert_type);
  const stored = (JSON.parse(row.input_json) as { options?: StoredToolOptions }).options;
  const outputs: { id: string; name: string; size: number; key: string; mime: string; recognised?: EngineResult['recognised'] }[] = [];
  const trace: JobTrace = { log, metrics: deps.metrics, engine: null };
  let work: string | undefined;
  try {
    await mkdir(deps.workDir, { recursive: true });
    work = await mkdtemp(join(deps.workDir, 'job-'));
    if (!card) throw new ConversionFailure('conversionUnavailable');
    const folder = work;
    const run = { deps, trace, card, conversionId, stored, work: folder };
    for (const input of inputs) {
      outputs.push(
        await deps.store.withLocalFile(input.storage_key, (path) =>
          card.tool ? runPdfTool(run, { name: input.name, path }) : convertOne(deps, trace, card, conversionId, { name: input.name, path }, folder),
        ),
      );
    }
  } catch (err) {
    if (deps.isStopping?.()) return null;
    const reason = err instanceof ConversionFailure ? err.message : (serverFaultReason(err) ?? reasonOf(err));
    const refunded = await failAndRefund(deps.db, conversionId, reason, deps.now());
    return { status: 'failed', engine: trace.engine, reason, refunded };
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
    // A graceful stop leaves the job converting, to run again: its passwords are still needed then.
    if (stored?.sealed && !deps.isStopping?.()) await forgetToolSecrets(deps.db, conversionId).catch((err: unknown) => log.warn({ err: String(err) }, 'could not wipe a tool\'s sealed passwords'));
  }
  const t = deps.now();
  const filesInfos: History['output']['filesInfos'] = outputs.map((o) => ({
    convertFileName: o.name,
    convertFileUrl: `/api/v1/document/${conversionId}/file/${o.id}`,
    validityPeriod: new Date(row.expires_at).toISOString(),
    status: ConversionStatus.SUCCEEDED,
    ...(o.recognised?.length ? { recognised: o.recognised } : {}),
  }));
  const files = outputs.map((o) => ({ id: o.id, conversion_id: conversionId, kind: 'output' as const, name: o.name, size: o.size, storage_key: o.key, mime: o.mime, created_at: t }));
  return (await succeedWithOutputs(deps.db, conversionId, files, JSON.stringify({ filesInfos }), t)) ? { status: 'succeeded' } : null;
}

async function convertOne(
  deps: RunDeps,
  trace: JobTrace,
  card: ConvertCard,
  conversionId: string,
  /** The input's name, and a local path holding its bytes that must only be read (FileStore.withLocalFile). */
  input: { name: string; path: string },
  work: string,
) {
  const steps = planSteps(extensionOf(input.path), card.target);
  if (!steps) throw new ConversionFailure('conversionUnavailable');
  let path = input.path;
  /** An engine step's result, held in memory (not yet at `path`): written once, where it is needed next. */
  let bytes: Uint8Array | undefined;
  let recognised: EngineResult['recognised'];
  for (const step of steps) {
    if ('office' in step) {
      const office = deps.office;
      if (!office) {
        // Not installed on this server: the failure is still LibreOffice's, for whoever watches its metrics.
        trace.engine = 'libreoffice';
        throw new ConversionFailure('engineUnavailable');
      }
      if (bytes) await writeFile(path, bytes);
      const from = path;
      const outDir = await mkdtemp(join(work, 'step-'));
      path = await callEngine(trace, 'libreoffice', { target: step.office }, () => office.convert(from, outDir, step.office, { timeoutMs: deps.timeoutMs, logger: trace.log }));
      bytes = undefined;
    } else {
      // A view, not a copy, of what was read: the pool moves that buffer to the thread.
      const source: Uint8Array = bytes ?? (await readView(path));
      const sourceExt = extensionOf(path);
      const out = await callEngine(trace, 'engine-threads', { target: step.engine }, () => deps.engines.run({ sourceExt, target: step.engine, name: input.name, bytes: source }));
      bytes = out.bytes;
      recognised = out.recognised ?? recognised;
      path = join(work, `engine-${randomUUID()}.${extensionOf(out.name)}`);
    }
  }
  const ext = extensionOf(path) || outputExtension(card);
  const key = deps.store.newKey(conversionId, ext);
  const size = bytes ? bytes.byteLength : (await stat(path)).size;
  if (size === 0) throw new ConversionFailure('emptyOutput');
  await deps.store.put(key, bytes ? Readable.from([bytes]) : createReadStream(path));
  return { id: randomUUID(), name: renameExt(input.name, ext), size, key, mime: MIME_BY_EXT[ext] ?? 'application/octet-stream', ...(recognised ? { recognised } : {}) };
}

async function readView(path: string): Promise<Uint8Array> {
  const b = await readFile(path);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * A full or failing disk or database is the server's fault, not the document's: the job still
 * ends failed and refunded once (the user got nothing), with a reason that says so and asks them
 * to come back later. A fault that also stops failAndRefund leaves the job converting: the queue
 * retries it (pg-boss) or the next start resumes it, so the unit is neither lost nor refunded twice.
 */
function serverFaultReason(err: unknown): 'storageFull' | 'storageUnavailable' | null {
  const file = storageFault(err);
  const db = databaseFault(err);
  if (file?.code === ErrorCode.INSUFFICIENT_STORAGE || db === 'full') return 'storageFull';
  return file || db === 'storage' ? 'storageUnavailable' : null;
}

function reasonOf(err: unknown): string {
  const reason = (err as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : 'failed';
}
