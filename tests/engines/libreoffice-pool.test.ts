import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibreOfficePool, findSoffice, type OfficeEngine } from '../../api/office/pool.js';
import { corpusPath } from '../helpers/corpus.js';
import * as fixtures from '../helpers/fixtures/office.js';
import { formsDrawn } from './helpers/cjk-faces.js';
import { embeddedCids, pdfImageCount, pdfPages, pdfText } from './helpers/pdf.js';
import { docxText, isRunning, pptxText, slotProcesses, sofficePids, xlsxText } from './helpers/readback.js';

const { english, chinese, chineseMore } = fixtures.WORDS;
const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
const skipReason = !findSoffice() ? 'LibreOffice (soffice) is not installed' : !hasPoppler ? 'poppler-utils (pdftotext) is not installed' : null;
if (skipReason) console.warn(`[libreoffice-pool.test] skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('LibreOffice pool', () => {
  let dir: string;
  let workDir: string;
  let pool: OfficeEngine;
  const input = async (name: string, bytes: Uint8Array | Promise<Uint8Array>) => {
    const file = path.join(dir, 'in', name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await bytes);
    return file;
  };
  const outDir = () => path.join(dir, 'out', randomUUID());
  const convert = (file: string, target: Parameters<OfficeEngine['convert']>[2], timeoutMs?: number) => pool.convert(file, outDir(), target, { timeoutMs });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lo-pool-test-'));
    workDir = path.join(dir, 'work');
    pool = createLibreOfficePool({ size: 2, workDir });
    // Start-up (seconds on a busy machine) belongs to the hook, whose budget is larger.
    await convert(await input('warm.docx', fixtures.bilingualDocx()), 'pdf');
  });
  afterAll(async () => {
    await pool?.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('conversions', () => {
    it('word → pdf keeps English and Chinese, drawn with the Simplified Chinese face', async () => {
      const pdf = await convert(await input('report.docx', fixtures.bilingualDocx()), 'pdf');
      expect(path.basename(pdf)).toBe('report.pdf');
      const text = await pdfText(pdf);
      for (const word of [english, chinese, chineseMore, 'Bold closing line']) expect(text).toContain(word);
      expect(await pdfPages(pdf)).toBe(1);
      const cids = await embeddedCids(pdf);
      for (const han of ['好', '度']) expect(await formsDrawn(han, cids), han).toEqual({ simplified: true, other: [] });
    });

    it('excel → pdf', async () => {
      const pdf = await convert(await input('sales.xlsx', fixtures.bilingualXlsx()), 'pdf');
      const text = await pdfText(pdf);
      for (const word of ['北京 Beijing', 'Shanghai', chinese, english, '3400']) expect(text).toContain(word);
      expect(await pdfPages(pdf)).toBe(1);
    });

    it('ppt → pdf has one page per slide', async () => {
      const pdf = await convert(await input('deck.pptx', fixtures.bilingualPptx()), 'pdf');
      const text = await pdfText(pdf);
      for (const word of [english, chineseMore, 'Agenda 议程', chinese]) expect(text).toContain(word);
      expect(await pdfPages(pdf)).toBe(2);
    });

    it('ppt → one self-contained html with every slide image and its text', async () => {
      const html = await readFile(await convert(await input('deck.pptx', fixtures.bilingualPptx()), 'html'), 'utf8');
      for (const word of [english, chineseMore, 'Agenda 议程', chinese]) expect(html).toContain(word);
      expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2);
      expect(html).not.toMatch(/(src|href)="(?!data:)/);
    });

    it('word → one self-contained html with the image inlined', async () => {
      const html = await readFile(await convert(await input('picture.docx', fixtures.imageDocx()), 'html'), 'utf8');
      expect(html).toContain('Linked image below');
      expect(html).toMatch(/<img [^>]*src="data:image\/png;base64,/);
      expect(html).not.toMatch(/src="(?!data:)/);
    });

    it.each(['doc', 'rtf', 'odt'] as const)('generated .%s (made by the pool) → docx and pdf', async (legacy) => {
      const old = await convert(await input(`legacy-${legacy}.docx`, fixtures.bilingualDocx()), legacy);
      const docx = await convert(old, 'docx');
      for (const word of [english, chinese, chineseMore]) expect(await docxText(docx)).toContain(word);
      expect(await pdfText(await convert(old, 'pdf'))).toContain(chinese);
    });

    it('hand-written .rtf → docx', async () => {
      const docx = await convert(await input('hand.rtf', fixtures.bilingualRtf()), 'docx');
      for (const word of [english, chinese, chineseMore]) expect(await docxText(docx)).toContain(word);
    });

    it('generated .xls → xlsx and .ppt → pptx / pdf', async () => {
      const xls = await convert(await input('legacy-sheet.xlsx', fixtures.bilingualXlsx()), 'xls');
      const cells = await xlsxText(await convert(xls, 'xlsx'));
      for (const word of ['北京 Beijing', chinese, english]) expect(cells).toContain(word);
      const ppt = await convert(await input('legacy-deck.pptx', fixtures.bilingualPptx()), 'ppt');
      expect(await pptxText(await convert(ppt, 'pptx'))).toContain(chinese);
      expect(await pdfPages(await convert(ppt, 'pdf'))).toBe(2);
    });

    it('corpus legacy_sample.doc → docx and pdf, legacy_sample.xls → xlsx', async () => {
      const doc = corpusPath('legacy_sample.doc');
      expect(await docxText(await convert(doc, 'docx'))).toContain('Swimming in the lake');
      const pdf = await convert(doc, 'pdf');
      expect(await pdfText(pdf)).toContain('Summer activities');
      expect(await pdfPages(pdf)).toBeGreaterThanOrEqual(1);
      expect(await xlsxText(await convert(corpusPath('legacy_sample.xls'), 'xlsx'))).toContain('Freshwater');
    });
  });

  describe('security', () => {
    let canary: Server;
    const hits: string[] = [];
    beforeAll(async () => {
      canary = createServer((req, res) => {
        hits.push(req.url ?? '');
        res.end();
      });
      await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => canary.close(() => resolve())));

    async function expectLinksBlocked(engine: OfficeEngine): Promise<void> {
      const out = outDir();
      expect(await pdfImageCount(await engine.convert(await input('embedded.docx', fixtures.imageDocx()), out, 'pdf'))).toBe(1);
      const url = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/canary.png`;
      const linked = await engine.convert(await input('linked-url.docx', fixtures.linkedImageDocx(url)), out, 'pdf');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(hits).toEqual([]);
      expect(await pdfText(linked)).toContain('Linked image below');
      expect(await pdfImageCount(linked)).toBe(0);
      const png = await input('secret.png', fixtures.redPng());
      const byPath = await engine.convert(await input('linked-path.docx', fixtures.linkedImageDocx(pathToFileURL(png).href)), out, 'pdf');
      expect(await pdfImageCount(byPath)).toBe(0);
    }

    it('an image linked by URL is never fetched; by path, never read', () => expectLinksBlocked(pool));

    it('the same holds with host networking, by the profile alone', async () => {
      const hostPool = createLibreOfficePool({ size: 1, workDir: path.join(dir, 'work-host'), isolateNetwork: false });
      try {
        await expectLinksBlocked(hostPool);
      } finally {
        await hostPool.close();
      }
    }, 60_000);

    it('an auto-run macro never runs', async () => {
      const marker = path.join(tmpdir(), `macro-marker-${randomUUID()}`);
      const odt = await input('macro.odt', fixtures.macroOdt(marker));
      expect(await pdfText(await convert(odt, 'pdf'))).toContain('Macro document');
      await convert(odt, 'docx');
      expect(existsSync(marker)).toBe(false);
    });

    it('empty, garbage and disguised input fail cleanly', async () => {
      const started = Date.now();
      await expect(convert(await input('empty.docx', new Uint8Array()), 'pdf')).rejects.toMatchObject({ reason: 'failed' });
      await expect(convert(await input('noise.docx', randomBytes(4096)), 'pdf')).rejects.toMatchObject({ reason: 'failed', message: expect.stringMatching(/unsupported input/) });
      const page = new TextEncoder().encode('<html><body><p>hi</p><img src="http://127.0.0.1:9/x.png"></body></html>');
      await expect(convert(await input('page.docx', page), 'pdf')).rejects.toMatchObject({ reason: 'failed' });
      await expect(convert(await input('sheet.xlsx', fixtures.bilingualXlsx()), 'pptx')).rejects.toMatchObject({ reason: 'failed' });
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('refuses relative paths before LibreOffice sees them (it would resolve them against its own folder)', async () => {
      const file = await input('relative.docx', fixtures.bilingualDocx());
      await expect(pool.convert(path.relative(process.cwd(), file), outDir(), 'pdf')).rejects.toMatchObject({ reason: 'failed', message: expect.stringMatching(/absolute/) });
      await expect(pool.convert(file, path.relative(process.cwd(), outDir()), 'pdf')).rejects.toMatchObject({ reason: 'failed', message: expect.stringMatching(/absolute/) });
    });

    it('LibreOffice killed half-way: the job fails as crashed and the next one succeeds', async () => {
      const job = convert(await input('long-crash.docx', fixtures.longDocx(300)), 'pdf');
      await expect.poll(() => pool.stats().busy, { timeout: 20_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const recycled = pool.stats().recycled;
      for (const pid of sofficePids(workDir)) process.kill(pid, 'SIGKILL');
      await expect(job).rejects.toMatchObject({ reason: 'crashed' });
      // Both instances were killed, the idle one too: the next job waits until the pool has replaced
      // them. Sent at once, it could reach the idle instance's driver while that driver was dying
      // and fail as crashed too (a fresh-clone CI run, 2026-11-28, under load).
      await expect.poll(() => pool.stats().recycled, { timeout: 30_000 }).toBeGreaterThanOrEqual(recycled + 2);
      expect(await pdfText(await convert(await input('after-crash.docx', fixtures.bilingualDocx()), 'pdf'))).toContain(chinese);
    }, 60_000);

    it('a job over its timeout is killed with its whole process tree; the next one succeeds', async () => {
      await expect.poll(() => [...slotProcesses(workDir).values()].filter((pids) => pids.length >= 3).length, { timeout: 20_000 }).toBe(2);
      const before = [...slotProcesses(workDir).values()];
      const started = Date.now();
      await expect(convert(await input('long-timeout.docx', fixtures.longDocx(300)), 'pdf', 500)).rejects.toMatchObject({ reason: 'timeout' });
      expect(Date.now() - started).toBeLessThan(15_000);
      // One slot's whole tree (driver, oosplash, soffice.bin) is gone, not just soffice.bin.
      await expect.poll(() => before.filter((pids) => !pids.some(isRunning)).length, { timeout: 3_000 }).toBe(1);
      expect(await pdfText(await convert(await input('after-timeout.docx', fixtures.bilingualDocx()), 'pdf'))).toContain(english);
    }, 60_000);

    it('an aborted job is stopped', async () => {
      const controller = new AbortController();
      const job = pool.convert(await input('long-abort.docx', fixtures.longDocx(300)), outDir(), 'pdf', { signal: controller.signal });
      setTimeout(() => controller.abort(), 300);
      await expect(job).rejects.toMatchObject({ reason: 'failed', message: expect.stringMatching(/abort/) });
      expect(pool.stats()).toMatchObject({ size: 2, queued: 0 });
      expect(pool.stats().recycled).toBeGreaterThanOrEqual(3);
    });
  });
});
