import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { extensionOf, findCard, type ConvertCard } from '@contracts/convert-catalogue.js';
import type { History } from '@contracts/documents.js';
import { ConversionStatus } from '@contracts/statuses.js';
import type { Db } from '../db/index.js';
import { failAndRefund, findConversionById, inputFiles, succeedWithOutputs } from '../repositories/conversions.repository.js';
import { enabledFeatures } from '../repositories/features.repository.js';
import type { EnginePort } from '../engine-threads/types.js';
import type { FileStore } from '../storage/file-store.js';
import { renameExt } from '@engines/document/types.js';
import { outputExtension, planSteps } from '@engines/engine-table.js';
import { callEngine, type JobTrace } from './engine-call.js';
import type { JobEnd, JobMetrics } from './job-metrics.js';
import type { OfficePort } from './office-port.js';

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
  const card = findCard(await enabledFeatures(deps.db), row.convert_type);
  await mkdir(deps.workDir, { recursive: true });
  const work = await mkdtemp(join(deps.workDir, 'job-'));
  const outputs: { id: string; name: string; size: number; key: string; mime: string }[] = [];
  const trace: JobTrace = { log, metrics: deps.metrics, engine: null };
  try {
    if (!card) throw new ConversionFailure('conversionUnavailable');
    for (const input of inputs) outputs.push(await deps.store.withLocalFile(input.storage_key, (path) => convertOne(deps, trace, card, conversionId, { name: input.name, path }, work)));
  } catch (err) {
    if (deps.isStopping?.()) return null;
    const reason = err instanceof ConversionFailure ? err.message : reasonOf(err);
    const refunded = await failAndRefund(deps.db, conversionId, reason, deps.now());
    return { status: 'failed', engine: trace.engine, reason, refunded };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const t = deps.now();
  const filesInfos: History['output']['filesInfos'] = outputs.map((o) => ({
    convertFileName: o.name,
    convertFileUrl: `/api/v1/document/${conversionId}/file/${o.id}`,
    validityPeriod: new Date(row.expires_at).toISOString(),
    status: ConversionStatus.SUCCEEDED,
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
      path = join(work, `engine-${randomUUID()}.${extensionOf(out.name)}`);
    }
  }
  const ext = extensionOf(path) || outputExtension(card);
  const key = deps.store.newKey(conversionId, ext);
  const size = bytes ? bytes.byteLength : (await stat(path)).size;
  if (size === 0) throw new ConversionFailure('emptyOutput');
  await deps.store.put(key, bytes ? Readable.from([bytes]) : createReadStream(path));
  return { id: randomUUID(), name: renameExt(input.name, ext), size, key, mime: MIME_BY_EXT[ext] ?? 'application/octet-stream' };
}

async function readView(path: string): Promise<Uint8Array> {
  const b = await readFile(path);
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

function reasonOf(err: unknown): string {
  const reason = (err as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : 'failed';
}
