import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { createEnginePool, type EnginePool, type EnginePoolOptions } from '../../api/engine-threads/pool.js';
import { EngineJobError } from '../../api/engine-threads/types.js';
import { scannedPagePdf } from '../helpers/ocr-scan.js';

/**
 * The engine pool's allowance for scanned pages (docs/pdf-scan-ocr.md), with the real engine and
 * the system's Tesseract. A heavy file (vitest.config.ts): it reads pages for tens of seconds, and
 * beside the type-check, lint and build at nice 19 a thread took over 3 s to reach its first page
 * (about 1.2 s on the same machine quiet), so it runs with the other heavy files, one at a time.
 */
const pools: EnginePool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(opts: Partial<EnginePoolOptions>): EnginePool {
  const p = createEnginePool({ threads: 1, timeoutMs: 60_000, memoryMb: 1024, ...opts });
  pools.push(p);
  return p;
}

describe('engine thread pool, scanned pages', () => {
  it('gives a job more time for each scanned page it reads by OCR, so a scan longer than the limit still converts', async () => {
    // Six scanned pages: Tesseract reads each in 2-6 s on these machines, so the whole scan takes
    // 12 s or more, while a cold thread reaches its first page 1-1.5 s after its limit starts
    // (quiet): a 5 s limit is far from both.
    const page = await PDFDocument.load(await scannedPagePdf(300, { chinese: false }));
    const doc = await PDFDocument.create();
    for (const copied of await doc.copyPages(page, [0, 0, 0, 0, 0, 0])) doc.addPage(copied);
    const scan = await doc.save();
    const scanJob = () => ({ sourceExt: 'pdf', target: 'word', name: 'scan.pdf', bytes: scan.slice() });
    // Over a 5 s limit without the pages' allowance (the pages were counted all the same)…
    const strict = await pool({ timeoutMs: 5000, ocrPageMs: 0 }).run(scanJob()).then(() => null, (e: unknown) => e);
    expect(strict).toBeInstanceOf(EngineJobError);
    expect((strict as EngineJobError).reason).toBe('timeLimit');
    expect((strict as EngineJobError).message).toMatch(/over its 5000 ms \+ \d scanned page\(s\) limit/);
    // …and within it with one.
    const out = await pool({ timeoutMs: 5000 }).run(scanJob());
    expect(out.recognised?.map((r) => r.page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out.bytes.byteLength).toBeGreaterThan(1000);
  }, 240_000);
});
