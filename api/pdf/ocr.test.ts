import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charErrorRate, expectedText, mixedPdf, scannedPagePdf, SCAN_ENGLISH, spacesBetweenHan, textPagePdf } from '../../tests/helpers/ocr-scan.js';
import { OCRMYPDF, ocrArgs, ocrJobs, ocrPdf } from './ocr.js';
import { check, processesMentioning, rejection } from './test-support.js';

// Each OCR run is a few seconds of Tesseract on one A4 page; slower on a loaded machine.
const SLOW = 90_000;

let dir: string;
let scan: string;
let limits: { timeoutMs: number; cwd: string };
const path = (name: string) => join(dir, name);
const text = (file: string) => check('/usr/bin/pdftotext', [file, '-']).out;
/** The page drawn by poppler: an invisible text layer must leave every pixel as it was. */
const rendered = (file: string) => spawnSync('/usr/bin/pdftoppm', ['-r', '50', '-gray', file], { maxBuffer: 64 * 1024 * 1024 }).stdout;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ocr-test-'));
  scan = path('scan.pdf');
  await writeFile(scan, await scannedPagePdf(200));
  limits = { timeoutMs: 120_000, cwd: dir };
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ocrPdf', () => {
  it('lays English and Chinese text under the scan, Chinese without spaces, the page unchanged', { timeout: SLOW }, async () => {
    expect(text(scan).trim()).toBe('');
    await ocrPdf(scan, path('out.pdf'), { languages: ['eng', 'chi_sim'], deskew: false }, limits);
    expect(check('/usr/bin/qpdf', ['--check', path('out.pdf')]).code).toBe(0);
    expect(check('/usr/bin/qpdf', ['--show-npages', path('out.pdf')]).out.trim()).toBe('1');
    const read = text(path('out.pdf'));
    const cer = charErrorRate(expectedText(), read);
    console.log(`ocr unit: eng+chi_sim 200 dpi CER ${(cer * 100).toFixed(2)}%, spaces between Han ${spacesBetweenHan(read)}\n${read.trim()}`);
    expect(cer).toBeLessThanOrEqual(0.05);
    expect(spacesBetweenHan(read)).toBe(0);
    expect(read).toContain('扫描文件可以被搜索和复制');
    expect(Buffer.compare(rendered(scan), rendered(path('out.pdf')))).toBe(0);
  });

  it('needs its plugin: Tesseract alone leaves spaces between Chinese words', { timeout: SLOW }, async () => {
    const args = ocrArgs(scan, path('raw.pdf'), { languages: ['chi_sim'], deskew: false }, 1);
    const withoutPlugin = args.filter((arg, i) => arg !== '--plugin' && args[i - 1] !== '--plugin');
    expect(withoutPlugin.length).toBe(args.length - 2);
    expect(spawnSync(OCRMYPDF, withoutPlugin, { cwd: dir }).status).toBe(0);
    const raw = text(path('raw.pdf'));
    await ocrPdf(scan, path('joined.pdf'), { languages: ['chi_sim'], deskew: false }, limits);
    const joined = text(path('joined.pdf'));
    const chinese = expectedText({ english: false });
    const onlyHan = (s: string) => s.split('\n').filter((line) => /\p{Script=Han}/u.test(line)).join('\n');
    console.log(
      `ocr unit: chi_sim sandwich, Tesseract alone: ${spacesBetweenHan(raw)} spaces between Han, CER ${(charErrorRate(chinese, onlyHan(raw)) * 100).toFixed(2)}%;` +
        ` with the plugin: ${spacesBetweenHan(joined)} spaces, CER ${(charErrorRate(chinese, onlyHan(joined)) * 100).toFixed(2)}%`,
    );
    expect(spacesBetweenHan(raw)).toBeGreaterThan(5);
    expect(spacesBetweenHan(joined)).toBe(0);
  });

  it('leaves a page that already has text as it is and OCRs the scanned one beside it', { timeout: SLOW }, async () => {
    const printed = await textPagePdf({ chinese: false });
    await writeFile(path('mixed.pdf'), await mixedPdf(await scannedPagePdf(200, { chinese: false }), printed));
    await ocrPdf(path('mixed.pdf'), path('mixed-out.pdf'), { languages: ['eng'], deskew: true }, limits);
    expect(check('/usr/bin/qpdf', ['--check', path('mixed-out.pdf')]).code).toBe(0);
    const [first, second] = text(path('mixed-out.pdf')).split('\f');
    const cer = charErrorRate(SCAN_ENGLISH.join('\n'), first!);
    console.log(`ocr unit: eng only, deskew, 200 dpi CER ${(cer * 100).toFixed(2)}% (page 2 already had text: skipped)`);
    expect(cer).toBeLessThanOrEqual(0.05);
    // Page 2 is pdfkit's own text, untouched: exactly the printed lines, once.
    expect(second!.trim().split('\n').filter(Boolean)).toEqual(SCAN_ENGLISH);
  });

  it('refuses encrypted files, files that are not PDFs, and damaged PDFs with the right reason', { timeout: SLOW }, async () => {
    expect(spawnSync('/usr/bin/qpdf', ['--encrypt', '', 'owner', '256', '--', scan, path('locked.pdf')]).status).toBe(0);
    expect((await rejection(ocrPdf(path('locked.pdf'), path('x.pdf'), { languages: ['eng'], deskew: false }, limits))).reason).toBe('encrypted');
    await writeFile(path('picture.pdf'), spawnSync('/usr/bin/pdftoppm', ['-r', '20', '-png', scan]).stdout);
    expect((await rejection(ocrPdf(path('picture.pdf'), path('x.pdf'), { languages: ['eng'], deskew: false }, limits))).reason).toBe('unreadable');
    await writeFile(path('junk.pdf'), '%PDF-1.7\nnot really a PDF\n');
    expect((await rejection(ocrPdf(path('junk.pdf'), path('x.pdf'), { languages: ['eng'], deskew: false }, limits))).reason).toBe('unreadable');
  });

  it('stops at the time limit and on cancel, leaving no OCRmyPDF or Tesseract behind', { timeout: SLOW }, async () => {
    // OCRmyPDF alone takes longer than this to start, on any machine: the limit always strikes.
    const late = await rejection(ocrPdf(scan, path('late.pdf'), { languages: ['eng', 'chi_sim'], deskew: false }, { ...limits, timeoutMs: 300 }));
    expect(late?.reason).toBe('timeLimit');
    // Cancelled once Tesseract itself runs (a fixed delay raced the page's OCR on a quiet machine).
    const controller = new AbortController();
    const running = ocrPdf(scan, path('cancelled.pdf'), { languages: ['eng'], deskew: false }, { ...limits, signal: controller.signal });
    const started = Date.now();
    while (!processesMentioning(dir).some((p) => p.cmdline.includes('tesseract')) && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect((await rejection(running))?.reason).toBe('cancelled');
    expect(processesMentioning(dir)).toEqual([]);
  });

  it('asks for the chosen languages and deskew, and never both cores of a two-core machine', () => {
    const args = ocrArgs('/in.pdf', '/out.pdf', { languages: ['eng'], deskew: true }, 1);
    expect(args).toEqual(expect.arrayContaining(['--skip-text', '--deskew', '-l', 'eng', '--output-type', 'pdf', '--pdf-renderer', 'sandwich']));
    expect(args).not.toContain('--plugin');
    expect(args.slice(-3)).toEqual(['--', '/in.pdf', '/out.pdf']);
    expect(ocrArgs('/in.pdf', '/out.pdf', { languages: ['eng', 'chi_sim'], deskew: false }, 1)).toEqual(expect.arrayContaining(['-l', 'eng+chi_sim', '--plugin']));
    expect([ocrJobs(1), ocrJobs(2), ocrJobs(4), ocrJobs(16)]).toEqual([1, 1, 2, 2]);
  });
});
