import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConvertCard } from '@contracts/convert-catalogue.js';
import { pdfToolOptionsSchema, type PdfToolKey, type RepairOptions } from '@contracts/pdf-tools.js';
import { renameExt } from '@engines/document/types.js';
import { compressPdf } from '../pdf/compress.js';
import { ocrPdf } from '../pdf/ocr.js';
import { linearizePdf, protectPdf, repairPdf, unlockPdf } from '../pdf/qpdf.js';
import { redactPdf } from '../pdf/redact.js';
import { stampPageNumbers, stampWatermark } from '../pdf/stamp.js';
import { openSecrets, type StoredToolOptions } from '../pdf/sealed-options.js';
import type { FileStore } from '../storage/file-store.js';
import { callEngine, type JobTrace } from './engine-call.js';

/** What a server tool needs from the job: where to work, its time limit, and the files. */
interface ToolRun {
  deps: { store: FileStore; timeoutMs: number; secret?: string | undefined };
  trace: JobTrace;
  card: ConvertCard;
  conversionId: string;
  /** The conversion's stored options (api/services/upload.service.ts), passwords sealed. */
  stored: StoredToolOptions | undefined;
  work: string;
}

/** A result name that says what was done: `report.pdf` → `report-compressed.pdf`. */
const SUFFIX: Partial<Record<PdfToolKey, string>> = {
  'pdf-compress': 'compressed',
  'pdf-protect': 'protected',
  'pdf-unlock': 'unlocked',
  'pdf-page-numbers': 'numbered',
  'pdf-watermark': 'watermarked',
  'pdf-redact': 'redacted',
  'pdf-ocr': 'searchable',
  'pdf-repair': 'repaired',
};

/** A tool failure the user can read (an i18n key under `convert.reasons`), like the conversion runner's. */
class ToolFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The tool's options again, checked with its schema, passwords unsealed for this run only. A seal
 * that no longer opens (the server's secret changed between upload and job) fails the job.
 */
function optionsFor(run: ToolRun): Record<string, unknown> {
  const tool = run.card.tool;
  const schema = tool ? pdfToolOptionsSchema(tool) : undefined;
  if (!schema) throw new ToolFailure('conversionUnavailable');
  let secrets: Record<string, string> = {};
  if (run.stored?.sealed) {
    const opened = run.deps.secret ? openSecrets(run.deps.secret, run.stored.sealed) : null;
    if (!opened) throw new ToolFailure('failed');
    secrets = opened;
  }
  const parsed = schema.safeParse({ ...(run.stored?.plain ?? {}), ...secrets });
  if (!parsed.success) throw new ToolFailure('failed');
  return parsed.data;
}

/**
 * Runs one input through a server PDF tool (Ghostscript, qpdf) in its own folder under the job's,
 * with the job's time limit, and stores the result beside the upload.
 */
export async function runPdfTool(run: ToolRun, input: { name: string; path: string }) {
  const { deps, trace, card, conversionId } = run;
  const options = optionsFor(run);
  const dir = await mkdtemp(join(run.work, 'tool-'));
  const output = join(dir, `${randomUUID()}.pdf`);
  const limits = { timeoutMs: deps.timeoutMs, cwd: dir };
  await callEngine(trace, 'pdf-tools', { target: card.key }, async () => {
    // The input path is the store's, read only; every tool writes its own output.
    if (card.tool === 'pdf-compress') await compressPdf(input.path, output, options as Parameters<typeof compressPdf>[2], limits);
    else if (card.tool === 'pdf-protect') await protectPdf(input.path, output, options as Parameters<typeof protectPdf>[2], limits);
    else if (card.tool === 'pdf-unlock') await unlockPdf(input.path, output, options as Parameters<typeof unlockPdf>[2], limits);
    else if (card.tool === 'pdf-page-numbers') await stampPageNumbers(input.path, output, options as Parameters<typeof stampPageNumbers>[2], limits);
    else if (card.tool === 'pdf-watermark') await stampWatermark(input.path, output, options as Parameters<typeof stampWatermark>[2], limits);
    else if (card.tool === 'pdf-redact') await redactPdf(input.path, output, options as Parameters<typeof redactPdf>[2], limits);
    else if (card.tool === 'pdf-repair') await ((options as RepairOptions).linearize ? linearizePdf : repairPdf)(input.path, output, limits);
    else if (card.tool === 'pdf-ocr') await ocrPdf(input.path, output, options as Parameters<typeof ocrPdf>[2], limits);
    else throw new ToolFailure('conversionUnavailable');
  });
  const size = (await stat(output)).size;
  if (size === 0) throw new ToolFailure('emptyOutput');
  const key = deps.store.newKey(conversionId, 'pdf');
  await deps.store.put(key, createReadStream(output));
  const suffix = card.tool ? SUFFIX[card.tool] : undefined;
  const name = suffix ? renameExt(input.name, 'pdf').replace(/\.pdf$/, `-${suffix}.pdf`) : renameExt(input.name, 'pdf');
  return { id: randomUUID(), name, size, key, mime: 'application/pdf' };
}
